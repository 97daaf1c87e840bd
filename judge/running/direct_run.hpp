// A direct run: the judge thread starts the program itself, without a keeper (see "Direct runs"
// in the theory of operation at the top of process_runner.cpp). Internal to judge/running.
#pragma once

#include <functional>

#include "running/cgroup_pool.hpp"
#include "running/run_plan.hpp"

namespace judge::detail {

/// The resident pid namespace a run is born in when it goes without a keeper, or -1 (a
/// keeper). Only as root (entering a pid namespace), with the run's cgroups (the CPU time of
/// the whole run, and the processes it left) and clones that share our memory; a box only when
/// it is a resident one. `allowed`: RunRequest::direct.
int direct_pid_namespace(const KeeperPlan& plan, bool allowed);

/// Runs the program of `plan` directly (see the theory of operation) in the resident pid
/// namespace `pid_ns_fd`. `close_copies` drops our copies of the program's fds once it has its
/// own. `ended`: every process of the run is gone (else the caller retires the namespace,
/// which kills whatever is in it). Throws RunnerError when the run could not be started or its
/// processes outlived SIGKILL by kKeeperGraceMs.
KeeperReport run_direct(const KeeperPlan& plan,
                        int pid_ns_fd,
                        const CgroupLease& cgroups,
                        const std::function<void()>& close_copies,
                        bool& ended);

}  // namespace judge::detail
