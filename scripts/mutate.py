#!/usr/bin/env python3
"""The mutation check: plants each bug of scripts/mutants.txt in the library, one at a time,
builds, runs the tests the mutant names, and reports whether they caught it ("killed") or not
("survived"). A suite that lets a plausible bug through is missing a test.

Usage: python3 scripts/mutate.py [--only ID,ID...] [--list] [--all-tests]
  --only       run only these mutants
  --list       print the mutants and exit
  --all-tests  run the whole suite (swift test) for each mutant instead of its named tests

A mutant may say `flags: -DOPENRX_STRESS`: it is then built in the stress mode (in
.build-mutants-stress), where the real-thread invariant suite sees the races it plants.

A mutant whose library builds and whose named tests then do not compile (the meaning corpus pins
each result's static type) is killed.

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
    def __init__(self, ident, what, path, tests, before, after, flags=()):
        self.ident, self.what, self.path, self.tests = ident, what, path, tests
        # Hunks: (lines replaced, their replacement), each applied where it occurs once.
        self.hunks, self.flags = list(zip(before, after)), tuple(flags)


def parse(text):
    """Blocks separated by blank lines: `id: NAME — what the bug is`, `file: PATH`,
    `tests: REGEX` (for `swift test --filter`), optionally `flags: -DNAME …` (compiler
    definitions for the build), then the lines it replaces (`- `) and the lines that replace them
    (`+ `); a `- ` line after a `+ ` line starts another hunk of the same mutant. Lines starting
    with `#` are comments."""
    mutants = []
    for number, block in enumerate(re.split(r"\n\s*\n", text), 1):
        lines = [l for l in block.split("\n") if l.strip() and not l.startswith("#")]
        if not lines:
            continue
        fields, before, after, last = {}, [], [], None
        for line in lines:
            if line.startswith("- ") or line == "-":
                if last != "-" and (not before or after[-1]):
                    before.append([])
                    after.append([])
                before[-1].append(line[2:])
                last = "-"
            elif line.startswith("+ ") or line == "+":
                if not after:
                    sys.exit(f"mutants.txt, block {number}: '+ ' lines before any '- ' line")
                after[-1].append(line[2:])
                last = "+"
            else:
                key, _, value = line.partition(":")
                fields[key.strip()] = value.strip()
        missing = [k for k in ("id", "file", "tests") if k not in fields]
        if missing or not before:
            sys.exit(f"mutants.txt, block {number}: needs id, file, tests and '- ' lines ({lines[0]})")
        ident, _, what = fields["id"].partition(" — ")
        mutants.append(Mutant(ident.strip(), what.strip(), fields["file"], fields["tests"],
                              ["\n".join(b) for b in before], ["\n".join(a) for a in after],
                              fields.get("flags", "").split()))
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
                              env=dict(os.environ, OPENRX_TEST_TIME_LIMIT="30", OPENRX_INVARIANT_WATCHDOG="5"))
        return done.returncode, done.stdout
    except subprocess.TimeoutExpired as expired:
        output = expired.stdout
        return -1, output.decode(errors="replace") if isinstance(output, bytes) else (output or "")


def build_options(flags):
    """The scratch folder and compiler flags of a build with `flags` (none: the plain build)."""
    options = ["--scratch-path", SCRATCH + ("-stress" if flags else "")]
    for flag in flags:
        options += ["-Xswiftc", flag]
    return options


def build(flags=()):
    return run(["swift", "build", "--build-tests"] + build_options(flags))


def compile_errors(output):
    return [line for line in output.split("\n") if re.match(r"/\S+:\d+:\d+: error: ", line)]


def caught_at_compile_time(mutant, output):
    """Whether every compile error is in the test targets, one of them in a target the mutant's
    tests name: the library built, and the tests refuse what the mutant changed."""
    errors = compile_errors(output)
    tests = os.path.join(ROOT, "Tests") + os.sep
    names = [name for name in re.split(r"[|.]", mutant.tests) if name]
    return bool(errors) and all(line.startswith(tests) for line in errors) and any(
        f"{os.sep}{name}{os.sep}" in line for line in errors for name in names)


def test(mutant, all_tests):
    command = ["swift", "test", "--skip-build"] + build_options(mutant.flags)
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
    for flags in sorted({m.flags for m in mutants}):
        print(f"Building the unmutated library and tests ({' '.join(build_options(flags))})…", flush=True)
        status, output = build(flags)
        if status != 0:
            print(output[-3000:])
            sys.exit("the unmutated build failed")
        # Every mutant's tests must pass before it is planted: a failure then would prove nothing.
        names = "|".join(sorted({m.tests for m in mutants if m.flags == flags}))
        status, output = run(["swift", "test", "--skip-build"] + build_options(flags)
                             + ([] if all_tests else ["--filter", names]), TEST_SECONDS)
        if status != 0:
            print(output[-3000:])
            sys.exit("the mutants' tests fail without any mutant")

    results = []
    for mutant in mutants:
        path = os.path.join(ROOT, mutant.path)
        text = open(path).read()
        found = [text.count(before) for before, _ in mutant.hunks]
        clock = time.time()
        if any(count != 1 for count in found):
            results.append((mutant, f"did not apply ({found} matches)", 0))
            print(f"{mutant.ident:32} did not apply: its hunks are in {mutant.path} {found} times", flush=True)
            continue
        originals[mutant.path] = text
        mutated = text
        for before, after in mutant.hunks:
            mutated = mutated.replace(before, after)
        try:
            with open(path, "w") as f:
                f.write(mutated)
            status, output = build(mutant.flags)
            if status != 0 and caught_at_compile_time(mutant, output):
                # The library builds; the named tests do not (the meaning corpus pins a result's
                # static type, so a mutant that changes it fails there, as it should).
                verdict = "killed"
                detail = "its tests no longer compile: " + compile_errors(output)[0].split("/")[-1][:120]
            elif status != 0:
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

    for flags in sorted({m.flags for m in mutants}):
        build(flags)  # leave the scratch builds matching the sources
    killed = sum(1 for _, verdict, _ in results if verdict == "killed")
    print(f"\n{killed} killed, {len(results) - killed} not killed, of {len(results)} mutants "
          f"({time.time() - started:.0f} s)")
    for mutant, verdict, _ in results:
        if verdict != "killed":
            print(f"  {mutant.ident}: {verdict} — {mutant.what} ({mutant.path}; tests: {mutant.tests})")
    return 0 if killed == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
