//! Running a student's program on one input, as a judge does: standard input is the test (a
//! file, never the terminal), standard output and error go to files in a temporary directory
//! that is also its working directory and is removed afterwards; CPU time, address space and
//! file size are limited; the program runs in a process group of its own, and the whole group
//! is killed when it ends or runs out of time, so no child it forked outlives it; it is always
//! waited for, so it leaves no zombie.
//!
//! The limits are set by `/bin/sh`'s `ulimit` just before it `exec`s the program, not by
//! `setrlimit` in a `pre_exec` hook: that hook is `unsafe` (it runs between fork and exec), and
//! the crate forbids unsafe code; `sh` is on every system a contest program is judged on, and
//! `ulimit -v/-t/-f` are the same setrlimit calls. Killing the group and waiting without
//! reaping are rustix's safe wrappers of `kill(-pgid)` and `waitid(WNOWAIT)`.

use std::ffi::OsString;
use std::fs::{self, File};
use std::io::{self, Read, Seek, SeekFrom};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rustix::process::{Pid, Signal, WaitId, WaitIdOptions, kill_process_group, waitid};

/// What one run may use.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// CPU time (the verdict's); the wall clock allows twice this and a second more, for a
    /// loaded machine.
    pub time: Duration,
    /// Address space, bytes.
    pub memory: u64,
    /// Standard output, bytes.
    pub output: u64,
}

impl Limits {
    pub fn wall(&self) -> Duration {
        self.time * 2 + Duration::from_secs(1)
    }
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Exited with this code.
    Exited(i32),
    /// Killed by this signal (not ours).
    Signaled(i32),
    /// Stopped by us: over the time limit.
    TimedOut,
    /// Stopped by us, or by the file size limit: too much output.
    OutputLimit,
}

/// One run's result.
#[derive(Clone, Debug)]
pub struct Run {
    pub ending: Ending,
    pub stdout: Vec<u8>,
    /// The last lines of standard error.
    pub stderr_tail: String,
    /// CPU time (user + system) of the program, where the system says it, else the wall time.
    pub cpu: Duration,
    pub wall: Duration,
    /// The most resident memory seen while it ran, bytes (sampled).
    pub peak_memory: u64,
}

/// A program to run: the command line, and the temporary directory of a compiled source.
pub struct Program {
    pub argv: Vec<OsString>,
    /// Kept for as long as the program is: removed on drop.
    _build: Option<tempfile::TempDir>,
}

/// Why a program cannot be run.
#[derive(Debug)]
pub enum ProgramError {
    NotFound(PathBuf),
    Directory(PathBuf),
    NotExecutable(PathBuf),
    /// A source whose compiler is not installed.
    NoCompiler {
        compiler: &'static str,
        source: PathBuf,
    },
    /// The compiler refused it: its command line and the end of what it said.
    Compile {
        command: String,
        output: String,
    },
    Io(io::Error),
}

/// How a source file was turned into a program (for the report).
#[derive(Clone, Debug)]
pub struct Build {
    pub command: String,
    /// Run by an interpreter (python3), not compiled: the command is how it runs.
    pub interpreted: bool,
}

/// The source languages: extension, compiler, flags (the output path is appended).
const COMPILERS: &[(&str, &str, &[&str])] = &[
    ("cpp", "g++", &["-O2", "-std=c++17", "-pipe"]),
    ("cc", "g++", &["-O2", "-std=c++17", "-pipe"]),
    ("cxx", "g++", &["-O2", "-std=c++17", "-pipe"]),
    ("c", "gcc", &["-O2", "-std=c11", "-pipe"]),
    ("rs", "rustc", &["-O", "--edition", "2021"]),
];

/// Where `name` is found on PATH.
pub fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|p| is_executable_file(p))
}

fn is_executable_file(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

impl Program {
    /// The program of the command line `argv`: a source file (`.cpp`, `.c`, `.rs` compiled;
    /// `.py` run by python3), an executable file, or a command on PATH.
    pub fn prepare(argv: &[OsString]) -> Result<(Program, Option<Build>), ProgramError> {
        let first = PathBuf::from(&argv[0]);
        let rest = &argv[1..];
        let ext = first.extension().and_then(|e| e.to_str()).unwrap_or("");
        let has_slash = first.as_os_str().as_encoded_bytes().contains(&b'/');
        // A bare name: a file here when there is one, else a command on PATH.
        if !has_slash && !first.exists() {
            return match on_path(&argv[0].to_string_lossy()) {
                Some(found) => Ok((Program::plain(found, rest), None)),
                None => Err(ProgramError::NotFound(first)),
            };
        }
        let metadata = fs::metadata(&first).map_err(|_| ProgramError::NotFound(first.clone()))?;
        if metadata.is_dir() {
            return Err(ProgramError::Directory(first));
        }
        if ext == "py" {
            let python = on_path("python3").ok_or(ProgramError::NoCompiler {
                compiler: "python3",
                source: first.clone(),
            })?;
            let mut args = vec![python.into_os_string(), first.clone().into_os_string()];
            args.extend(rest.iter().cloned());
            let build = Build {
                command: format!("python3 {}", first.display()),
                interpreted: true,
            };
            return Ok((
                Program {
                    argv: args,
                    _build: None,
                },
                Some(build),
            ));
        }
        if let Some(&(_, compiler, flags)) = COMPILERS.iter().find(|(e, ..)| *e == ext) {
            return Program::compile(&first, compiler, flags, rest);
        }
        if !is_executable_file(&first) {
            return Err(ProgramError::NotExecutable(first));
        }
        // Run as given: a relative path with a slash stays relative to our directory, but the
        // program runs in a directory of its own.
        let absolute = fs::canonicalize(&first).map_err(ProgramError::Io)?;
        Ok((Program::plain(absolute, rest), None))
    }

    fn plain(path: PathBuf, rest: &[OsString]) -> Program {
        let mut argv = vec![path.into_os_string()];
        argv.extend(rest.iter().cloned());
        Program { argv, _build: None }
    }

    fn compile(
        source: &Path,
        compiler: &'static str,
        flags: &[&str],
        rest: &[OsString],
    ) -> Result<(Program, Option<Build>), ProgramError> {
        let found = on_path(compiler).ok_or(ProgramError::NoCompiler {
            compiler,
            source: source.to_path_buf(),
        })?;
        let dir = tempfile::Builder::new()
            .prefix("grundy-judge-build")
            .tempdir()
            .map_err(ProgramError::Io)?;
        let binary = dir.path().join("solution");
        let mut command = Command::new(found);
        command.args(flags).arg(source).arg("-o").arg(&binary);
        if compiler == "gcc" {
            command.arg("-lm");
        }
        let shown = format!(
            "{compiler} {} {} -o solution{}",
            flags.join(" "),
            source.display(),
            if compiler == "gcc" { " -lm" } else { "" }
        );
        let output = command
            .stdin(Stdio::null())
            .output()
            .map_err(ProgramError::Io)?;
        if !output.status.success() {
            let mut said = String::from_utf8_lossy(&output.stderr).into_owned();
            said.push_str(&String::from_utf8_lossy(&output.stdout));
            return Err(ProgramError::Compile {
                command: shown,
                output: tail(&said, 20),
            });
        }
        let mut argv = vec![binary.into_os_string()];
        argv.extend(rest.iter().cloned());
        Ok((
            Program {
                argv,
                _build: Some(dir),
            },
            Some(Build {
                command: shown,
                interpreted: false,
            }),
        ))
    }

    /// Runs the program on `input` within `limits`.
    pub fn run(&self, input: &[u8], limits: &Limits) -> io::Result<Run> {
        self.run_until(input, limits, None)
    }

    /// Runs the program on `input` within `limits`, or until `stop` is set: then its group is
    /// killed and the run is an [`io::ErrorKind::Interrupted`] error.
    pub fn run_until(
        &self,
        input: &[u8],
        limits: &Limits,
        stop: Option<&AtomicBool>,
    ) -> io::Result<Run> {
        let stopped = || stop.is_some_and(|s| s.load(Ordering::Relaxed));
        if stopped() {
            return Err(io::ErrorKind::Interrupted.into());
        }
        let dir = tempfile::Builder::new().prefix("grundy-judge").tempdir()?;
        let input_path = dir.path().join("input");
        fs::write(&input_path, input)?;
        let stdout_path = dir.path().join("stdout");
        let stderr_path = dir.path().join("stderr");
        let stdout = File::create(&stdout_path)?;
        let stderr = File::create(&stderr_path)?;
        // Limits in the units of `ulimit`: KiB of address space, whole seconds of CPU (one
        // more than the limit: the exact limit is ours), 512-byte blocks of file (sh's unit;
        // some shells count KiB, which is twice the room: the output is also watched here).
        let kib = (limits.memory / 1024).max(1);
        let cpu = limits.time.as_secs() + 2;
        let blocks = limits.output / 512 + 1;
        let script =
            format!("ulimit -v {kib} && ulimit -t {cpu} && ulimit -f {blocks} && exec \"$@\"");
        let mut command = Command::new("/bin/sh");
        command
            .arg("-c")
            .arg(script)
            .arg("sh")
            .args(&self.argv)
            .current_dir(dir.path())
            .stdin(File::open(&input_path)?)
            .stdout(stdout)
            .stderr(stderr)
            .process_group(0);
        // The children it forks and leaves behind become ours when it dies, not init's (which
        // in a container may never reap them): they are reaped below, by its group.
        #[cfg(target_os = "linux")]
        let _ = rustix::process::set_child_subreaper(Pid::from_raw(1));
        let started = Instant::now();
        let mut child = command.spawn()?;
        let pid = Pid::from_child(&child);
        let mut pause = Duration::from_micros(100);
        let mut peak_memory = 0;
        let own_exe = std::env::current_exe().ok();
        let mut ours = None;
        loop {
            let exited = waitid(
                WaitId::Pid(pid),
                WaitIdOptions::EXITED | WaitIdOptions::NOHANG | WaitIdOptions::NOWAIT,
            )
            .map_err(io::Error::from)?
            .is_some();
            if exited {
                break;
            }
            // Between fork and exec the child is a copy of grundy, its memory grundy's: only
            // the program's counts (sh's too, which is small).
            if fs::read_link(format!("/proc/{}/exe", pid.as_raw_nonzero())).ok() != own_exe {
                peak_memory = peak_memory.max(resident_peak(pid).unwrap_or(0));
            }
            let out_len = fs::metadata(&stdout_path).map_or(0, |m| m.len());
            if out_len > limits.output {
                ours = Some(Ending::OutputLimit);
                break;
            }
            let cpu = cpu_time(pid).unwrap_or_default();
            if cpu > limits.time || started.elapsed() > limits.wall() {
                ours = Some(Ending::TimedOut);
                break;
            }
            if stopped() {
                break;
            }
            std::thread::sleep(pause);
            pause = (pause * 2).min(Duration::from_millis(5));
        }
        // Exited or not, nothing of its group may outlive it (a forked child, a sleeper).
        let cpu = cpu_time(pid);
        let _ = kill_process_group(pid, Signal::KILL);
        let status = child.wait()?;
        reap_group(pid);
        let wall = started.elapsed();
        if ours.is_none() && stopped() {
            dir.close()?;
            return Err(io::ErrorKind::Interrupted.into());
        }
        let ending = match ours {
            Some(ending) => ending,
            None => match (status.code(), status.signal()) {
                (Some(code), _) => Ending::Exited(code),
                // SIGXFSZ, the file size limit's signal: too much output; SIGXCPU: the CPU limit's.
                (None, Some(25)) => Ending::OutputLimit,
                (None, Some(24)) => Ending::TimedOut,
                (None, Some(signal)) => Ending::Signaled(signal),
                (None, None) => Ending::Exited(-1),
            },
        };
        let stdout = read_at_most(&stdout_path, limits.output)?;
        let stderr = read_tail(&stderr_path, 4096)?;
        let cpu = cpu.unwrap_or(wall);
        // Removed here, not left to drop: an error removing it is worth knowing.
        dir.close()?;
        Ok(Run {
            ending,
            stdout,
            stderr_tail: tail(&stderr, 10),
            cpu,
            wall,
            peak_memory,
        })
    }
}

/// Reaps what is left of the process group `pgid` (killed already): the children it forked,
/// ours once their parent died. Only that group's, so no other run's child is reaped here.
fn reap_group(pgid: Pid) {
    let deadline = Instant::now() + Duration::from_millis(500);
    while Instant::now() < deadline {
        let _ = kill_process_group(pgid, Signal::KILL);
        match waitid(
            WaitId::Pgid(Some(pgid)),
            WaitIdOptions::EXITED | WaitIdOptions::NOHANG,
        ) {
            // One reaped: look for the next at once.
            Ok(Some(_)) => continue,
            // Some still dying.
            Ok(None) => std::thread::sleep(Duration::from_millis(1)),
            // No child of that group is left.
            Err(_) => return,
        }
    }
}

/// The user + system CPU time of process `pid` (alive, or a zombie not yet reaped), from
/// /proc: fields 14 and 15 of its `stat`, in clock ticks.
fn cpu_time(pid: Pid) -> Option<Duration> {
    let stat = fs::read_to_string(format!("/proc/{}/stat", pid.as_raw_nonzero())).ok()?;
    // The command name (field 2) may hold spaces: count from the last ')'.
    let after = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = after.split(' ').collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    let per_second = rustix::param::clock_ticks_per_second().max(1);
    Some(Duration::from_nanos(ticks * 1_000_000_000 / per_second))
}

/// The peak resident size of process `pid`, bytes (its VmHWM).
fn resident_peak(pid: Pid) -> Option<u64> {
    let status = fs::read_to_string(format!("/proc/{}/status", pid.as_raw_nonzero())).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

fn read_at_most(path: &Path, max: u64) -> io::Result<Vec<u8>> {
    let mut out = Vec::new();
    File::open(path)?.take(max).read_to_end(&mut out)?;
    Ok(out)
}

fn read_tail(path: &Path, bytes: u64) -> io::Result<String> {
    let mut file = File::open(path)?;
    let len = file.metadata()?.len();
    file.seek(SeekFrom::Start(len.saturating_sub(bytes)))?;
    let mut out = Vec::new();
    file.read_to_end(&mut out)?;
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// The last `lines` lines of `text`.
pub fn tail(text: &str, lines: usize) -> String {
    let all: Vec<&str> = text.lines().collect();
    all[all.len().saturating_sub(lines)..].join("\n")
}
