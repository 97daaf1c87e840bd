// Codeforces Polygon contest packages: contest.xml beside problems/<short-name>/, each a problem
// package (problems/polygon_package.hpp). `judge list` and `judge verify` take one (a folder, or
// the zip Polygon gives) and work on each problem in turn (docs/polygon.md).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace judge {

/// Whether `path` is a Polygon contest package: a folder holding contest.xml and no problem.xml,
/// or a zip whose entries hold contest.xml and no problem.xml at the top (read without
/// unpacking it).
bool is_polygon_contest(const std::filesystem::path& path);

/// The folder of the contest package `path`: itself (absolute), or for a zip its copy unpacked
/// into `cache_dir` once (unpack_polygon_zip).
std::filesystem::path polygon_contest_folder(const std::filesystem::path& path,
                                             const std::filesystem::path& cache_dir);

/// One problem of a contest, in contest.xml's order.
struct PolygonContestProblem {
    std::string index;             ///< "A", "b"...; "" when contest.xml lists no problems
    std::string short_name;        ///< its folder's name under problems/
    std::filesystem::path folder;  ///< root / "problems" / short_name
};

struct PolygonContest {
    std::filesystem::path root;
    std::string name;  ///< the English <name>, else the first, else the folder's name
    std::vector<PolygonContestProblem> problems;
};

/// Reads `root`/contest.xml (unpacked). Each <problems><problem index url> is the folder
/// problems/<the url's last part>; a contest.xml listing no problem takes every folder of
/// problems/ holding a problem.xml, by name. Throws JudgeError "FILE:LINE: why" for XML that
/// does not parse, and naming the folder for a listed problem whose folder has no problem.xml.
PolygonContest read_polygon_contest(const std::filesystem::path& root);

}  // namespace judge
