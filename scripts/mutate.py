#!/usr/bin/env python3
"""The mutation check: plants each bug of scripts/mutants.txt in the library, one at a time,
builds, runs the tests the mutant names, and reports whether they caught it ("killed") or not
("survived"). A suite that lets a plausible bug through is missing a test.

Usage: python3 scripts/mutate.py [--only ID,ID...] [--list] [--all-tests]
  --only       run only these mutants
  --list       print the mutants and exit
  --all-tests  run the whole suite (swift test) for each mutant instead of its named tests

Builds in .build-mutants (its own folder, so that your .build is left alone). Each file is
restored after its mutant, also when the run is interrupted. Exits 1 when a mutant survived, did
not apply (its text is not in its file exactly once) or did not compile: every mutant in the list
must be a bug that builds and that the tests catch.
"""
import os
import re
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MUTANTS = os.path.join(ROOT, "scripts", "mutants.txt")
SCRATCH = ".build-mutants"
TEST_SECONDS = 300


class Mutant:
    def __init__(self, ident, what, path, tests, before, after):
        self.ident, self.what, self.path, self.tests = ident, what, path, tests
        self.before, self.after = before, after


def parse(text):
    """Blocks separated by blank lines: `id: NAME — what the bug is`, `file: PATH`,
    `tests: REGEX` (for `swift test --filter`), then the lines it replaces (`- `) and the lines
    that replace them (`+ `). Lines starting with `#` are comments."""
    mutants = []
    for number, block in enumerate(re.split(r"\n\s*\n", text), 1):
        lines = [l for l in block.split("\n") if l.strip() and not l.startswith("#")]
        if not lines:
            continue
        fields, before, after = {}, [], []
        for line in lines:
            if line.startswith("- ") or line == "-":
                before.append(line[2:])
            elif line.startswith("+ ") or line == "+":
                after.append(line[2:])
            else:
                key, _, value = line.partition(":")
                fields[key.strip()] = value.strip()
        missing = [k for k in ("id", "file", "tests") if k not in fields]
        if missing or not before:
            sys.exit(f"mutants.txt, block {number}: needs id, file, tests and '- ' lines ({lines[0]})")
        ident, _, what = fields["id"].partition(" — ")
        mutants.append(Mutant(ident.strip(), what.strip(), fields["file"], fields["tests"],
                              "\n".join(before), "\n".join(after)))
    idents = [m.ident for m in mutants]
    duplicates = {i for i in idents if idents.count(i) > 1}
    if duplicates:
        sys.exit(f"mutants.txt: ids used twice: {', '.join(sorted(duplicates))}")
    return mutants


def run(command, seconds=None):
    """Runs `command` in the repository; returns (exit status, output). A time-out is status -1."""
    try:
        done = subprocess.run(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              text=True, timeout=seconds,
                              env=dict(os.environ, OPENRX_TEST_TIME_LIMIT="30"))
        return done.returncode, done.stdout
    except subprocess.TimeoutExpired as expired:
        output = expired.stdout
        return -1, output.decode(errors="replace") if isinstance(output, bytes) else (output or "")


def build():
    return run(["swift", "build", "--build-tests", "--scratch-path", SCRATCH])


def test(mutant, all_tests):
    command = ["swift", "test", "--skip-build", "--scratch-path", SCRATCH]
    if not all_tests:
        command += ["--filter", mutant.tests]
    return run(command, TEST_SECONDS)


def main():
    args = sys.argv[1:]
    mutants = parse(open(MUTANTS).read())
    if "--list" in args:
        for m in mutants:
            print(f"{m.ident:32} {m.path}: {m.what}")
        return 0
    if "--only" in args:
        wanted = set(args[args.index("--only") + 1].split(","))
        unknown = wanted - {m.ident for m in mutants}
        if unknown:
            sys.exit(f"no such mutant: {', '.join(sorted(unknown))}")
        mutants = [m for m in mutants if m.ident in wanted]
    all_tests = "--all-tests" in args

    originals = {}

    def restore(*_):
        for path, text in originals.items():
            with open(os.path.join(ROOT, path), "w") as f:
                f.write(text)
        originals.clear()

    def interrupted(*_):
        restore()
        sys.exit("interrupted: files restored")

    signal.signal(signal.SIGINT, interrupted)
    signal.signal(signal.SIGTERM, interrupted)

    started = time.time()
    print(f"Building the unmutated library and tests in {SCRATCH}…", flush=True)
    status, output = build()
    if status != 0:
        print(output[-3000:])
        sys.exit("the unmutated build failed")
    # Every mutant's tests must pass before it is planted: a failure then would prove nothing.
    names = "|".join(sorted({m.tests for m in mutants}))
    status, output = run(["swift", "test", "--skip-build", "--scratch-path", SCRATCH]
                         + ([] if all_tests else ["--filter", names]), TEST_SECONDS)
    if status != 0:
        print(output[-3000:])
        sys.exit("the mutants' tests fail without any mutant")

    results = []
    for mutant in mutants:
        path = os.path.join(ROOT, mutant.path)
        text = open(path).read()
        found = text.count(mutant.before)
        clock = time.time()
        if found != 1:
            results.append((mutant, f"did not apply ({found} matches)", 0))
            print(f"{mutant.ident:32} did not apply: its text is in {mutant.path} {found} times", flush=True)
            continue
        originals[mutant.path] = text
        try:
            with open(path, "w") as f:
                f.write(text.replace(mutant.before, mutant.after))
            status, output = build()
            if status != 0:
                verdict = "did not compile"
                detail = next((l for l in output.split("\n") if "error:" in l), "")
            else:
                status, output = test(mutant, all_tests)
                verdict = "killed" if status != 0 else "SURVIVED"
                detail = "time-out" if status == -1 else ""
        finally:
            restore()
        seconds = time.time() - clock
        results.append((mutant, verdict, seconds))
        print(f"{mutant.ident:32} {verdict:16} {seconds:5.0f} s  {detail}", flush=True)

    build()  # leave the scratch build matching the sources
    killed = sum(1 for _, verdict, _ in results if verdict == "killed")
    print(f"\n{killed} killed, {len(results) - killed} not killed, of {len(results)} mutants "
          f"({time.time() - started:.0f} s)")
    for mutant, verdict, _ in results:
        if verdict != "killed":
            print(f"  {mutant.ident}: {verdict} — {mutant.what} ({mutant.path}; tests: {mutant.tests})")
    return 0 if killed == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
