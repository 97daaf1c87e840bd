#include "building/program.hpp"

namespace judge {

void set_program(RunRequest& request,
                 const Program& program,
                 const std::vector<std::string>& args) {
    request.argv = program.command;
    if (!program.heap_flag.empty() && !request.argv.empty())
        request.argv.insert(
            request.argv.begin() + 1,
            program.heap_flag + std::to_string(request.limits.memory_kib / 1024) + "m");
    request.argv.insert(request.argv.end(), args.begin(), args.end());
    request.sandbox.read_only_paths.insert(request.sandbox.read_only_paths.end(),
                                           program.box_paths.begin(), program.box_paths.end());
}

}  // namespace judge
