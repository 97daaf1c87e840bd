/**
 * Problem: Alcazar path puzzles in the alcazam format (alcazar), slow reference
 * Source:  testdata/alcazar/statement.md, format in testdata/alcazar/statement.md
 * Idea:    Depth-first search over every path that starts at a cell with a door, steps through
 *          open edges to unvisited cells, and stops when all cells are visited at a cell with a
 *          door other than the entry door. Only prune: the unvisited cells must all be reachable
 *          from the current cell through unvisited cells (else no extension can visit them).
 *          --count: prints 0, 1 or "2 or more" solutions, as the solution's --count. Every
 *          solution is walked twice, once from each of its doors, so 3 walks mean 2 solutions.
 * Time:    exponential; fine up to about 30 cells
 * Memory:  O(cells)
 * Status:  agrees with solutions/alcazar.cpp on testdata/alcazar small cases and judge stress
 */
#include <bits/stdc++.h>
using namespace std;

[[noreturn]] void fail_input(const string& message) {
    cerr << "invalid input: " << message << '\n';
    exit(1);
}

int W, H, O;
vector<string> grid;  // grid lines, padded
// open(x, y, d): can we leave cell (x, y) in direction d (0 up, 1 right, 2 down, 3 left)?
bool open_side(int x, int y, int d) {
    if (d == 0) return grid[2 * y][O + 4 * x + 2] != '-';
    if (d == 2) return grid[2 * y + 2][O + 4 * x + 2] != '-';
    if (d == 3) return grid[2 * y + 1][O + 4 * x] != '|';
    return grid[2 * y + 1][O + 4 * x + 4] != '|';
}
const int DX[4] = {0, 1, 0, -1}, DY[4] = {-1, 0, 1, 0};
bool inside(int x, int y) { return x >= 0 && y >= 0 && x < W && y < H; }

vector<vector<int>> visited;
vector<pair<int, int>> path;  // cells in order
int entry_dir = -1, exit_dir = -1;
bool counting = false;  // --count: go on after a solution, counting the walks
int walks = 0;          // door-to-door walks found (each solution twice)

bool rest_reachable(int x, int y, int left) {
    // flood from (x, y) through unvisited cells
    vector<vector<int>> seen(H, vector<int>(W, 0));
    vector<pair<int, int>> todo = {{x, y}};
    seen[y][x] = 1;
    int count = 0;
    while (!todo.empty()) {
        auto [cx, cy] = todo.back();
        todo.pop_back();
        for (int d = 0; d < 4; ++d) {
            int nx = cx + DX[d], ny = cy + DY[d];
            if (!inside(nx, ny) || !open_side(cx, cy, d) || visited[ny][nx] || seen[ny][nx])
                continue;
            seen[ny][nx] = 1;
            ++count;
            todo.push_back({nx, ny});
        }
    }
    return count == left;
}

bool dfs(int x, int y, int left) {  // (x, y) visited, `left` cells not yet visited
    if (left == 0) {
        for (int d = 0; d < 4; ++d) {
            bool door = !inside(x + DX[d], y + DY[d]) && open_side(x, y, d);
            bool same_as_entry = path.size() == 1 && d == entry_dir;
            if (door && !same_as_entry) {
                exit_dir = d;
                if (!counting) return true;
                if (++walks >= 3) return true;  // 2 or more solutions: enough
            }
        }
        return false;
    }
    if (!rest_reachable(x, y, left)) return false;
    for (int d = 0; d < 4; ++d) {
        int nx = x + DX[d], ny = y + DY[d];
        if (!inside(nx, ny) || !open_side(x, y, d) || visited[ny][nx]) continue;
        visited[ny][nx] = 1;
        path.push_back({nx, ny});
        if (dfs(nx, ny, left - 1)) return true;
        path.pop_back();
        visited[ny][nx] = 0;
    }
    return false;
}

int main(int argc, char* argv[]) {
    counting = argc > 1 && string(argv[1]) == "--count";
    string all((istreambuf_iterator<char>(cin)), istreambuf_iterator<char>());
    stringstream in(all);
    string line;
    while (getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty() || line[0] == '#') continue;
        grid.push_back(line);
    }
    if (grid.empty()) fail_input("no grid lines");
    size_t first = grid[0].find('+'), last = grid[0].rfind('+');
    if (first == string::npos || last == first || (last - first) % 4)
        fail_input("bad first grid line");
    if (grid.size() % 2 == 0 || grid.size() < 3) fail_input("bad number of grid lines");
    O = static_cast<int>(first);
    W = static_cast<int>((last - first) / 4);
    H = static_cast<int>(grid.size() / 2);
    vector<string> original = grid;
    for (auto& g : grid)
        if (static_cast<int>(g.size()) < O + 4 * W + 1) g.resize(O + 4 * W + 1, ' ');

    visited.assign(H, vector<int>(W, 0));
    bool found = false;
    for (int y = 0; y < H && !found; ++y)
        for (int x = 0; x < W && !found; ++x)
            for (int d = 0; d < 4 && !found; ++d) {
                if (inside(x + DX[d], y + DY[d]) || !open_side(x, y, d)) continue;
                entry_dir = d;
                visited[y][x] = 1;
                path = {{x, y}};
                found = dfs(x, y, W * H - 1);
                if (!found) visited[y][x] = 0;
            }
    if (counting) {
        cout << (walks == 0 ? "0" : walks <= 2 ? "1" : "2 or more") << '\n';
        return 0;
    }
    if (!found) {
        cout << "no solution\n";
        return 0;
    }
    // draw: a crossing of the edge between two cells or a door
    vector<string> out = grid;
    auto cross = [&](int x, int y, int d) {
        if (d == 0) out[2 * y][O + 4 * x + 2] = '|';
        if (d == 2) out[2 * y + 2][O + 4 * x + 2] = '|';
        if (d == 3) out[2 * y + 1][O + 4 * x] = '-';
        if (d == 1) out[2 * y + 1][O + 4 * x + 4] = '-';
    };
    cross(path[0].first, path[0].second, entry_dir);
    cross(path.back().first, path.back().second, exit_dir);
    for (size_t i = 0; i + 1 < path.size(); ++i)
        for (int d = 0; d < 4; ++d)
            if (path[i].first + DX[d] == path[i + 1].first &&
                path[i].second + DY[d] == path[i + 1].second)
                cross(path[i].first, path[i].second, d);
    for (auto& g : out) cout << g << '\n';
}
