// A submission's named files (Polygon's <judging input-file="A.in" output-file="A.out">): the
// program reads its input from a file of its working folder and writes its output to a file
// there, in its box, instead of stdin and stdout.
//
// How. The box's /box is then a host folder of the judge's (SandboxOptions::work_dir, a worker's
// "box" folder on the judge's fast temporary file system), not the box's own tmpfs: the judge
// must put the input there before the run and take the output from there after it, and a
// box's tmpfs is gone (or scrubbed for the next run) when its run is over. The folder is made
// empty and given to the box's uid before each run, the input is a fresh copy (what the program
// does to it reaches neither the jury's file nor the checker), and the output is read only when
// every process of the run is gone, so nothing changes it while it is read. What the program
// may leave there instead of a plain file is read as its own doing, never the judge's:
//   - a symbolic link named like the output (to /etc/passwd, to the judge's files): not followed
//     (O_NOFOLLOW), a wrong answer naming it; the judge never reads the link's target;
//   - a FIFO, a socket, a folder: opened without blocking (O_NONBLOCK) and refused as not a
//     regular file, a wrong answer;
//   - a huge file: the program's own files are bounded by RLIMIT_FSIZE = the output limit (the
//     run ends with LimitHit::Output), and the judge reads at most the output limit + 1 byte (a
//     larger file, a sparse one too, is OLE) into the capture the checker reads;
//   - no file at all (the program wrote to stdout): a wrong answer naming the file.
//   - many files: a root judge mounts a tmpfs of the run's own on the folder for the run (the
//     size of its memory limit, 4096 files, as the box's own /box), so the program fills that
//     and no disk; the mount is detached when the run is over (release_box_folder). A judge
//     without root cannot mount: the folder is on its temporary folder's file system (a tmpfs
//     charges the pages to the run's memory cgroup; a disk bounds only each file).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace judge {

/// Whether `name` may name a file of a box's working folder: not empty, no '/', not "." or
/// "..", no NUL, at most 255 bytes.
bool is_plain_file_name(const std::string& name);

/// Makes `folder` an empty folder (made, or emptied in place without following any link left in
/// it) that a boxed program may write (`for_box_uid`: given to uid 65534, a root judge's box),
/// and when `input_name` is not empty, puts a copy of `input` in it under that name (a file of
/// the judge's, readable by all). `size_kib` > 0 and root: a tmpfs of that size (and 4096
/// files) is mounted there first, for this run only (release_box_folder). "" when done,
/// otherwise why not (the judge's failure: JE).
std::string stage_box_folder(const std::filesystem::path& folder,
                             bool for_box_uid,
                             const std::string& input_name,
                             const std::filesystem::path& input,
                             std::int64_t size_kib = 0);

/// After stage_box_folder: a link in `folder` to each entry of `working_folder` (a submission's
/// files and their compiled forms, shown read-only in its box at their own paths: the format's
/// working folder) but those named in `kept_names` (the input file, which the format lets
/// override them, and the output file, the program's to write). "" when done, otherwise why
/// not (JE).
std::string link_working_folder(const std::filesystem::path& folder,
                                const std::filesystem::path& working_folder,
                                const std::vector<std::string>& kept_names);

/// Detaches the tmpfs stage_box_folder mounted on `folder`, if it did (and with it every file
/// of the run); nothing otherwise. Call it when the output was taken, on every path.
void release_box_folder(const std::filesystem::path& folder);

/// What collect_box_output found.
enum class BoxOutputStatus {
    Read,        ///< a regular file of at most the limit: copied to the destination
    Missing,     ///< no such file
    NotRegular,  ///< a link, a folder, a FIFO, a socket...
    TooLarge,    ///< over the limit
    Unreadable,  ///< the program made it unreadable (mode 000 for the judge's uid...)
    JudgeFailed  ///< the judge could not read or write (no folder, a full disk...): JE
};

struct BoxOutput {
    BoxOutputStatus status = BoxOutputStatus::JudgeFailed;
    std::string reason;  ///< for the verdict's message: "A.out is a symbolic link, not a file"
};

/// Copies the file `name` of `folder` (a run's box, every process of it gone) into
/// `destination` (written from its start and cut there), reading at most `limit_bytes` + 1
/// bytes: opened with O_NOFOLLOW and O_NONBLOCK through the folder's own descriptor, a regular
/// file only.
BoxOutput collect_box_output(const std::filesystem::path& folder,
                             const std::string& name,
                             std::int64_t limit_bytes,
                             const std::filesystem::path& destination);

}  // namespace judge
