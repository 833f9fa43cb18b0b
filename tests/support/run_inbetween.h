#pragma once
// Runs the `inbetween` executable (INBETWEEN_BINARY) as a person or a script would: arguments,
// all of stdin offered up front, stdout and stderr read until it exits.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

namespace inbetween::testing {

struct Result {
  int status = -1;  // exit status, or -1 when killed by a signal
  std::string out, err;
};

// Runs `program` (a path) with `args` in `dir` (empty: this process's folder); all of `input`
// is offered on stdin up front (the program may stop reading early), stdout and stderr are
// read until it exits.
inline Result run_program(const std::string& program, const std::vector<std::string>& args, const std::string& input = "",
                          const std::filesystem::path& dir = {}) {
  // A program that exits before reading its input makes the write fail (EPIPE, handled below),
  // not kill the test process with SIGPIPE (seen once in ctest: the whole test binary ended).
  static const bool sigpipe_ignored = [] { return signal(SIGPIPE, SIG_IGN) != SIG_ERR; }();
  (void)sigpipe_ignored;
  int in_pipe[2], out_pipe[2], err_pipe[2];
  if (pipe(in_pipe) != 0 || pipe(out_pipe) != 0 || pipe(err_pipe) != 0) throw std::runtime_error("pipe failed");
  pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    signal(SIGPIPE, SIG_DFL);
    dup2(in_pipe[0], STDIN_FILENO);
    dup2(out_pipe[1], STDOUT_FILENO);
    dup2(err_pipe[1], STDERR_FILENO);
    for (int fd : {in_pipe[0], in_pipe[1], out_pipe[0], out_pipe[1], err_pipe[0], err_pipe[1]}) close(fd);
    if (!dir.empty() && chdir(dir.c_str()) != 0) _exit(126);
    std::vector<char*> argv{const_cast<char*>(program.c_str())};
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(program.c_str(), argv.data());
    _exit(127);
  }
  close(in_pipe[0]);
  close(out_pipe[1]);
  close(err_pipe[1]);
  Result result;
  std::size_t written = 0;
  int to_child = in_pipe[1];
  if (input.empty()) {
    close(to_child);
    to_child = -1;
  }
  int from_out = out_pipe[0], from_err = err_pipe[0];
  while (from_out >= 0 || from_err >= 0) {
    pollfd fds[3] = {{to_child, POLLOUT, 0}, {from_out, POLLIN, 0}, {from_err, POLLIN, 0}};
    if (poll(fds, 3, -1) < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error("poll failed");
    }
    if (to_child >= 0 && (fds[0].revents & (POLLOUT | POLLERR | POLLHUP))) {
      ssize_t n = write(to_child, input.data() + written, input.size() - written);
      if (n > 0) written += static_cast<std::size_t>(n);
      if (n < 0 || written == input.size()) {  // all given, or the program stopped reading
        close(to_child);
        to_child = -1;
      }
    }
    for (auto [index, fd, text] : {std::tuple{1, &from_out, &result.out}, std::tuple{2, &from_err, &result.err}}) {
      if (*fd < 0 || !(fds[index].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      char buffer[4096];
      ssize_t n = read(*fd, buffer, sizeof buffer);
      if (n > 0) {
        text->append(buffer, static_cast<std::size_t>(n));
      } else if (n == 0 || errno != EINTR) {
        close(*fd);
        *fd = -1;
      }
    }
  }
  if (to_child >= 0) close(to_child);
  int status = 0;
  waitpid(pid, &status, 0);
  result.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

// The `inbetween` executable (INBETWEEN_BINARY), as a person or a script would run it.
inline Result run_inbetween(const std::vector<std::string>& args, const std::string& input = "",
                            const std::filesystem::path& dir = {}) {
  return run_program(INBETWEEN_BINARY, args, input, dir);
}

}  // namespace inbetween::testing
