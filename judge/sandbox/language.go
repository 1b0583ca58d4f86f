package sandbox

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"time"
)

// SandboxPath is the PATH of every program run in the sandbox, and the path
// Detect looks commands up in, so that a version is the version of the very
// compiler the sandbox runs (not a shim earlier in the server's own PATH).
const SandboxPath = "/usr/local/go/bin:/usr/local/bin:/usr/bin:/bin"

// Language says how to compile and run one programming language in the
// sandbox. Its yaml names are the keys of config.yaml's `languages:` list.
type Language struct {
	// ID names the language in the API ("cpp", "python3").
	ID string `yaml:"id" json:"id"`
	// Name is shown to people ("C++17").
	Name string `yaml:"name" json:"name"`
	// Version is the first line of VersionCommand's output, set by Detect.
	Version string `yaml:"version,omitempty" json:"version"`
	// Extensions are the file extensions that name the language (".cpp").
	Extensions []string `yaml:"extensions" json:"extensions"`
	// Source is the file name the source gets in the work folder.
	Source string `yaml:"source" json:"-"`
	// Compile is the compiler's argv, run in the work folder; empty for a
	// language whose source is run as it is.
	Compile []string `yaml:"compile,omitempty" json:"-"`
	// Artifacts are the files Compile leaves that Run needs; for a language
	// without Compile the source itself is the artifact.
	Artifacts []string `yaml:"artifacts,omitempty" json:"-"`
	// Run is the argv of one run, in a work folder holding the artifacts.
	Run []string `yaml:"run" json:"-"`
	// Env is added to the environment of both steps (PATH is always set).
	Env []string `yaml:"env,omitempty" json:"-"`
	// TimeFactor multiplies a problem's CPU limit for this language (as
	// DOMjudge's), so that a slow language does not widen the limit of C++.
	TimeFactor float64 `yaml:"time_factor,omitempty" json:"-"`
	// Processes is the least process (thread) count a run of this language
	// needs (a JVM starts a dozen threads); it raises Limits.Processes.
	Processes int `yaml:"processes,omitempty" json:"-"`
	// CompileCPU raises CompileLimits.CPU for a compiler that needs more (the
	// go command builds the standard library into an empty cache).
	CompileCPU time.Duration `yaml:"compile_cpu,omitempty" json:"-"`
	// ShowCompile is the compile command as a person reads it, when Compile
	// is a script ("javac Main.java, then a jar"); empty: Compile itself.
	ShowCompile string `yaml:"show_compile,omitempty" json:"-"`
	// VersionCommand prints the compiler's or interpreter's version.
	VersionCommand []string `yaml:"version_command" json:"-"`
	// PrecompiledHeader is a header (bits/stdc++.h) the embedded sandbox
	// precompiles with the language's compile flags when it keeps a Dir, so
	// that programs including it compile several times faster; gcc and g++
	// only (see pch_linux.go).
	PrecompiledHeader string `yaml:"precompiled_header,omitempty" json:"-"`
}

// DefaultLanguages returns the languages the judge knows out of the box, in
// the order a form lists them. Versions are empty until Detect fills them.
func DefaultLanguages() []Language {
	return []Language{
		{
			ID: "c", Name: "C11 (gcc)", Extensions: []string{".c"}, Source: "main.c",
			Compile:        []string{"gcc", "-std=c11", "-O2", "-pipe", "-DONLINE_JUDGE", "-o", "main", "main.c", "-lm"},
			Artifacts:      []string{"main"},
			Run:            []string{"./main"},
			TimeFactor:     1,
			VersionCommand: []string{"gcc", "--version"},
		},
		{
			ID: "cpp", Name: "C++17 (g++)", Extensions: []string{".cpp", ".cc", ".cxx"}, Source: "main.cpp",
			Compile:           []string{"g++", "-std=gnu++17", "-O2", "-pipe", "-DONLINE_JUDGE", "-o", "main", "main.cpp"},
			Artifacts:         []string{"main"},
			Run:               []string{"./main"},
			TimeFactor:        1,
			VersionCommand:    []string{"g++", "--version"},
			PrecompiledHeader: "bits/stdc++.h",
		},
		{
			// Textbook code older than C++11 names things (is_final, next,
			// hash) that std now has; under `using namespace std` it only
			// compiles as C++98.
			ID: "cpp98", Name: "C++98 (g++)", Extensions: []string{}, Source: "main.cpp",
			Compile:           []string{"g++", "-std=gnu++98", "-O2", "-pipe", "-DONLINE_JUDGE", "-o", "main", "main.cpp"},
			Artifacts:         []string{"main"},
			Run:               []string{"./main"},
			TimeFactor:        1,
			VersionCommand:    []string{"g++", "--version"},
			PrecompiledHeader: "bits/stdc++.h",
		},
		{
			ID: "python3", Name: "Python 3", Extensions: []string{".py"}, Source: "main.py",
			Run:            []string{"python3", "-S", "main.py"},
			TimeFactor:     3,
			VersionCommand: []string{"python3", "--version"},
		},
		{
			// javac writes one class file per class; a jar carries them all,
			// its entry point the public class. A public class named other
			// than Main (javac: "class Solution is public, should be declared
			// in a file named Solution.java") is the newcomer's classic
			// compile error: a copy of the file is named after it and compiled,
			// so the program is accepted as it is (JavaCompile).
			ID: "java", Name: "Java (OpenJDK)", Extensions: []string{".java"}, Source: "Main.java",
			Compile:        []string{"/bin/sh", "-c", JavaCompile},
			ShowCompile:    "javac -encoding UTF-8 Main.java (or Solution.java, after the public class), then jar cfe Main.jar Main *.class",
			Artifacts:      []string{"Main.jar"},
			Run:            []string{"java", "-Xss64m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-jar", "Main.jar"},
			TimeFactor:     2,
			Processes:      64,
			CompileCPU:     20 * time.Second,
			VersionCommand: []string{"javac", "-version"},
		},
		{
			ID: "go", Name: "Go", Extensions: []string{".go"}, Source: "main.go",
			// A warm build cache at /gocache (see GoCacheMount), copied
			// where the go command may write, saves building the
			// standard library again.
			Compile:        []string{"/bin/sh", "-c", "if [ -d /gocache ]; then cp -R /gocache /tmp/gocache; fi; exec go build -o main main.go"},
			ShowCompile:    "go build -o main main.go",
			Artifacts:      []string{"main"},
			Run:            []string{"./main"},
			Env:            []string{"GOCACHE=/tmp/gocache", "GOPATH=/tmp/gopath", "GO111MODULE=off", "GOTOOLCHAIN=local", "CGO_ENABLED=0", "GOFLAGS="},
			TimeFactor:     1,
			Processes:      64,
			CompileCPU:     60 * time.Second,
			VersionCommand: []string{"go", "version"},
		},
	}
}

// JavaCompile is the default java language's compile script: javac on
// Main.java; when javac says the public class has another name, the file
// is renamed after it and compiled again; then a jar of every class whose
// entry point is that class. Only the compile that counts shows its
// messages.
const JavaCompile = `cls=Main
if ! javac -J-Xss64m -encoding UTF-8 Main.java 2>javac.err; then
  cls=$(sed -n 's/^Main\.java:[0-9]*: error: class \([A-Za-z_$][A-Za-z0-9_$]*\) is public, should be declared in a file named .*/\1/p' javac.err | head -n 1)
  if [ -z "$cls" ]; then cat javac.err >&2; exit 1; fi
  cp Main.java "$cls.java" || exit 1
  javac -J-Xss64m -encoding UTF-8 "$cls.java" || exit 1
else
  cat javac.err >&2
fi
jar cfe Main.jar "$cls" *.class`

// CompileLine is the compile command as a person reads it; "" for a
// language without a compile step.
func (l Language) CompileLine() string {
	if l.ShowCompile != "" || len(l.Compile) == 0 {
		return l.ShowCompile
	}
	return strings.Join(l.Compile, " ")
}

// RunLine is the run command as a person reads it.
func (l Language) RunLine() string { return strings.Join(l.Run, " ") }

// Validate reports the first field of l that cannot work, by its yaml name.
func (l Language) Validate() error {
	switch {
	case l.ID == "":
		return errors.New("language: id is empty")
	case l.Source == "" || path.Base(l.Source) != l.Source || l.Source == "." || l.Source == "..":
		return fmt.Errorf("language %s: source %q must be a plain file name", l.ID, l.Source)
	case len(l.Run) == 0:
		return fmt.Errorf("language %s: run is empty", l.ID)
	case len(l.Compile) > 0 && len(l.Artifacts) == 0:
		return fmt.Errorf("language %s: compile is set but artifacts is empty", l.ID)
	case l.TimeFactor < 0:
		return fmt.Errorf("language %s: time_factor %v is negative", l.ID, l.TimeFactor)
	case len(l.VersionCommand) == 0:
		return fmt.Errorf("language %s: version_command is empty", l.ID)
	case l.PrecompiledHeader != "" && (len(l.Compile) == 0 || !validHeader(l.PrecompiledHeader)):
		return fmt.Errorf("language %s: precompiled_header %q must be a relative header path (bits/stdc++.h) of a compiled language", l.ID, l.PrecompiledHeader)
	}
	for _, a := range l.Artifacts {
		if path.Base(a) != a || a == "." || a == ".." {
			return fmt.Errorf("language %s: artifact %q must be a plain file name", l.ID, a)
		}
	}
	return nil
}

// validHeader reports whether h names a header below an include folder.
func validHeader(h string) bool {
	return h == path.Clean(h) && !path.IsAbs(h) && h != "." && !strings.HasPrefix(h, "../") && h != ".." &&
		!strings.ContainsAny(h, "<>\"\x00\n")
}

// artifacts returns the files a run needs: the compiler's outputs, or the
// source itself for a language without a compile step.
func (l Language) artifacts() []string {
	if len(l.Compile) == 0 {
		return []string{l.Source}
	}
	return l.Artifacts
}

// env returns the environment of a compile or a run.
func (l Language) env() []string {
	return append([]string{"PATH=" + SandboxPath, "HOME=/w", "LANG=C.UTF-8"}, l.Env...)
}

// timeFactor returns the factor, 1 when the configuration left it out.
func (l Language) timeFactor() float64 {
	if l.TimeFactor == 0 {
		return 1
	}
	return l.TimeFactor
}

// ByExtension returns the language among langs that the file name's
// extension names ("main.cpp" -> cpp), or false when none does.
func ByExtension(langs []Language, name string) (Language, bool) {
	ext := strings.ToLower(filepath.Ext(name))
	if ext == "" {
		return Language{}, false
	}
	for _, l := range langs {
		for _, e := range l.Extensions {
			if strings.ToLower(e) == ext {
				return l, true
			}
		}
	}
	return Language{}, false
}

// Detect runs the version command of each language on this host (looked up
// in SandboxPath) and returns the ones installed, in their order, with
// Version set to the first line printed. A Runner does the same in its
// sandbox at start, which is what counts for runs; Detect serves a server
// that runs none (to say what a sandbox would offer) and tests.
// A language whose command is missing or fails is left out; skipped says why
// for each (keyed by id), for the server's log.
func Detect(ctx context.Context, langs []Language) (installed []Language, skipped map[string]error) {
	skipped = make(map[string]error)
	for _, l := range langs {
		v, err := version(ctx, l.VersionCommand)
		if err != nil {
			skipped[l.ID] = err
			continue
		}
		l.Version = v
		installed = append(installed, l)
	}
	return installed, skipped
}

// version runs argv (looked up in SandboxPath) and returns the first
// non-empty line of what it printed on stdout or stderr (javac and old
// javas print their version on stderr).
func version(ctx context.Context, argv []string) (string, error) {
	if len(argv) == 0 {
		return "", errors.New("no version command")
	}
	bin, err := lookPath(argv[0], SandboxPath)
	if err != nil {
		return "", err
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, argv[1:]...)
	cmd.Env = []string{"PATH=" + SandboxPath, "LANG=C"}
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("%s: %w", strings.Join(argv, " "), err)
	}
	if v := firstLine(out.String()); v != "" {
		return v, nil
	}
	return "", fmt.Errorf("%s printed nothing", strings.Join(argv, " "))
}

// firstLine returns the first line of s that is not blank, trimmed.
func firstLine(s string) string {
	for _, line := range strings.Split(s, "\n") {
		if line = strings.TrimSpace(line); line != "" {
			return line
		}
	}
	return ""
}

// lookPath finds an executable named name in the colon-separated dirs, as
// the sandbox's own look-up does; a name with a slash is taken as it is.
func lookPath(name, dirs string) (string, error) {
	if strings.Contains(name, "/") {
		if isExecutable(name) {
			return name, nil
		}
		return "", fmt.Errorf("%s: not an executable file", name)
	}
	for _, dir := range filepath.SplitList(dirs) {
		p := filepath.Join(dir, name)
		if isExecutable(p) {
			return p, nil
		}
	}
	return "", fmt.Errorf("%s: not found in %s", name, dirs)
}

func isExecutable(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0
}
