#include "problems/polygon_contest.hpp"

#include <zip.h>

#include <algorithm>
#include <system_error>

#include <pugixml.hpp>

#include "problems/polygon_package.hpp"
#include "problems/problem.hpp"
#include "util/error.hpp"
#include "util/files.hpp"

namespace judge {

namespace fs = std::filesystem;

namespace {

bool zip_has(zip_t* archive, const char* name) { return zip_name_locate(archive, name, 0) >= 0; }

// The problem's folder name from its Polygon address ("https://polygon.codeforces.com/p/owner/
// sum" is "sum"), as Polygon names the folders of problems/.
std::string short_name_of_url(std::string url) {
    while (!url.empty() && url.back() == '/') url.pop_back();
    return url.substr(url.find_last_of('/') == std::string::npos ? 0 : url.find_last_of('/') + 1);
}

}  // namespace

bool is_polygon_contest(const fs::path& path) {
    std::error_code error;
    if (fs::is_directory(path, error))
        return fs::is_regular_file(path / "contest.xml", error) &&
               !fs::exists(path / "problem.xml", error);
    if (path.extension() != ".zip" || !fs::is_regular_file(path, error)) return false;
    int zip_error = 0;
    zip_t* archive = zip_open(path.c_str(), ZIP_RDONLY, &zip_error);
    if (!archive) return false;  // not a zip: the problem reader says so
    bool contest = zip_has(archive, "contest.xml") && !zip_has(archive, "problem.xml");
    zip_discard(archive);
    return contest;
}

fs::path polygon_contest_folder(const fs::path& path, const fs::path& cache_dir) {
    std::error_code error;
    if (fs::is_regular_file(path, error)) return unpack_polygon_zip(path, cache_dir);
    fs::path absolute = fs::absolute(path, error);
    return error ? path : absolute;
}

PolygonContest read_polygon_contest(const fs::path& root) {
    PolygonContest contest;
    contest.root = root;
    const fs::path file = root / "contest.xml";
    std::string text = read_file(file, 16 << 20);
    pugi::xml_document document;
    pugi::xml_parse_result parsed = document.load_buffer(text.data(), text.size());
    if (!parsed)
        throw JudgeError(file.string() + ":" + std::to_string(line_at_offset(text, parsed.offset)) +
                         ": " + parsed.description());
    pugi::xml_node top = document.child("contest");
    if (!top) throw JudgeError(file.string() + ":1: no <contest> element");
    for (pugi::xml_node name : top.child("names").children("name")) {
        std::string value = name.attribute("value").as_string();
        if (contest.name.empty() ||
            std::string(name.attribute("language").as_string()) == "english")
            contest.name = value;
    }
    if (contest.name.empty()) contest.name = root.filename().string();

    std::error_code error;
    for (pugi::xml_node problem : top.child("problems").children("problem")) {
        const std::string where =
            file.string() + ":" + std::to_string(line_at_offset(text, problem.offset_debug()));
        std::string index = problem.attribute("index").as_string();
        std::string short_name = short_name_of_url(problem.attribute("url").as_string());
        if (short_name.empty() || short_name == "." || short_name == "..")
            throw JudgeError(where + ": problem '" + escape_control(index) +
                             "' has no url naming its folder of problems/");
        fs::path folder = root / "problems" / short_name;
        if (!fs::is_regular_file(folder / "problem.xml", error))
            throw JudgeError((folder / "problem.xml").string() + " not found (problem '" +
                             escape_control(index) + "' of " + where + ")");
        contest.problems.push_back({index, short_name, folder});
    }
    if (!contest.problems.empty()) return contest;
    // No list: every problem folder, by name.
    for (const auto& entry : fs::directory_iterator(root / "problems", error))
        if (fs::is_regular_file(entry.path() / "problem.xml", error))
            contest.problems.push_back({"", entry.path().filename().string(), entry.path()});
    std::sort(contest.problems.begin(), contest.problems.end(),
              [](const PolygonContestProblem& a, const PolygonContestProblem& b) {
                  return natural_less(a.short_name, b.short_name);
              });
    if (contest.problems.empty())
        throw JudgeError(file.string() +
                         ": no problem (no <problems> and no problems/*/problem.xml)");
    return contest;
}

}  // namespace judge
