#!/usr/bin/env python3
"""without_pid_namespaces.py UID COMMAND...: runs COMMAND as UID in a new user namespace where no
pid namespace can be made (max_pid_namespaces 0), as on a machine where a non-root judge can make
no sandbox. Needs root: the machine's uids and gids 0-65535 are mapped into the namespace as they
are, so files keep their owners. Exits with COMMAND's status."""
import ctypes
import os
import sys

CLONE_NEWUSER = 0x10000000


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: without_pid_namespaces.py UID COMMAND...")
    uid, command = int(sys.argv[1]), sys.argv[2:]
    unshared_read, unshared_write = os.pipe()
    mapped_read, mapped_write = os.pipe()
    child = os.fork()
    if child == 0:
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.unshare(CLONE_NEWUSER) != 0:
            sys.exit("unshare: " + os.strerror(ctypes.get_errno()))
        os.write(unshared_write, b"u")
        if os.read(mapped_read, 1) != b"m":
            sys.exit("without_pid_namespaces.py: the uid map was not written")
        # Root of the new namespace (mapped, capabilities kept: no execve yet) sets the limit,
        # then becomes UID, which drops every capability.
        with open("/proc/sys/user/max_pid_namespaces", "w") as limit:
            limit.write("0")
        os.setgroups([])
        os.setresgid(uid, uid, uid)
        os.setresuid(uid, uid, uid)
        os.execvp(command[0], command)
    if os.read(unshared_read, 1) != b"u":
        sys.exit("without_pid_namespaces.py: the child did not make its namespace")
    for name in ("uid_map", "gid_map"):
        with open("/proc/%d/%s" % (child, name), "w") as mapping:
            mapping.write("0 0 65536\n")
    os.write(mapped_write, b"m")
    _, status = os.waitpid(child, 0)
    sys.exit(os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status))


main()
