// Package similarity runs Dolos (npm @dodona/dolos-lib: winnowing over
// tree-sitter tokens, so that renamed identifiers and moved functions do not
// hide a copy) on source files, as a Node.js subprocess, and reads its JSON.
//
// Dolos is installed by tools/similarity/install with npm ci into a folder
// outside the clone keyed by the hash of package-lock.json (DefaultDir), so
// that a second install on the same machine builds nothing. The script the
// server runs, similarity.mjs, is embedded here and written beside the
// sources of each run: it is always this build's, whatever the folder holds.
package similarity

import (
	"bytes"
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

//go:embed package-lock.json
var lockFile []byte

//go:embed similarity.mjs
var script []byte

// LockHash is the key of an installed folder: the first 16 hex digits of
// the SHA-256 of package-lock.json, as install computes it with sha256sum.
func LockHash() string {
	sum := sha256.Sum256(lockFile)
	return hex.EncodeToString(sum[:])[:16]
}

// DefaultDir is where install puts Dolos when JUDGE_SIMILARITY_DIR does
// not say: the user's cache folder (os.UserCacheDir: $XDG_CACHE_HOME or
// ~/.cache on Linux), puzzlejudge/similarity-<LockHash>.
func DefaultDir() (string, error) {
	cache, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache folder to find Dolos in (%v): set similarity.dir", err)
	}
	return filepath.Join(cache, "puzzlejudge", "similarity-"+LockHash()), nil
}

// Defaults of an Engine's bounds.
const (
	DefaultTimeout   = 5 * time.Minute
	DefaultMemoryMiB = 2048
)

// Engine runs Dolos from an installed folder.
type Engine struct {
	// Dir is the folder install filled (node_modules, .installed).
	Dir string
	// Node is the Node.js program; "" means "node" on PATH.
	Node string
	// Timeout bounds one comparison (the process is killed past it);
	// MemoryMiB bounds Node's heap (--max-old-space-size). 0: the defaults.
	Timeout   time.Duration
	MemoryMiB int
}

func (e Engine) node() string {
	if e.Node == "" {
		return "node"
	}
	return e.Node
}

// lib is the entry file of @dodona/dolos-lib in the installed folder.
func (e Engine) lib() string {
	return filepath.Join(e.Dir, "node_modules", "@dodona", "dolos-lib", "dist", "index.js")
}

// Check says why this engine cannot run, in words an operator can act on,
// or returns nil: Node.js is found and the folder holds a finished install
// of this build's lock file.
func (e Engine) Check() error {
	if _, err := exec.LookPath(e.node()); err != nil {
		return fmt.Errorf("Node.js (%s) is not installed: install nodejs and npm, then run tools/similarity/install", e.node())
	}
	if e.Dir == "" {
		return errors.New("no Dolos folder is configured (similarity.dir)")
	}
	installed, err := os.ReadFile(filepath.Join(e.Dir, "package-lock.json"))
	if _, serr := os.Stat(filepath.Join(e.Dir, ".installed")); err != nil || serr != nil {
		return fmt.Errorf("Dolos is not installed in %s: run tools/similarity/install", e.Dir)
	}
	if !bytes.Equal(installed, lockFile) {
		return fmt.Errorf("Dolos in %s was installed from another package-lock.json: run tools/similarity/install", e.Dir)
	}
	if _, err := os.Stat(e.lib()); err != nil {
		return fmt.Errorf("Dolos in %s is incomplete (no @dodona/dolos-lib): run tools/similarity/install", e.Dir)
	}
	return nil
}

// Result is Dolos's answer for one set of files.
type Result struct {
	Language string       `json:"language"`
	Files    []FileResult `json:"files"`
	Pairs    []Pair       `json:"pairs"`
	Warnings []string     `json:"warnings"`
}

// FileResult is one file as Dolos tokenized it.
type FileResult struct {
	Path   string `json:"path"`
	Tokens int    `json:"tokens"`
}

// Pair compares files Left and Right (indexes into the files given,
// Left < Right). Similarity is the share of both files' k-grams that they
// have in common (0..1), LongestFragment the longest run of common k-grams,
// Overlap the common k-grams.
type Pair struct {
	Left            int        `json:"left"`
	Right           int        `json:"right"`
	Similarity      float64    `json:"similarity"`
	LongestFragment int        `json:"longest_fragment"`
	Overlap         int        `json:"overlap"`
	Fragments       []Fragment `json:"fragments"`
}

// Fragment is a run of matching code: lines (from 1) in each file.
type Fragment struct {
	Left   Region `json:"left"`
	Right  Region `json:"right"`
	KGrams int    `json:"kgrams"`
}

// Region is a range of lines, both ends included, and its columns.
type Region struct {
	StartLine int `json:"start_line"`
	EndLine   int `json:"end_line"`
	StartCol  int `json:"start_col"`
	EndCol    int `json:"end_col"`
}

// maxStderr bounds what is kept of Node's error output for the reason.
const maxStderr = 2000

// Compare runs Dolos on files (paths of sources written by the caller) in
// language, a Dolos language name (see Language). work is a folder of the
// caller's where the script is written. It needs at least two files.
func (e Engine) Compare(ctx context.Context, work, language string, files []string) (Result, error) {
	if len(files) < 2 {
		return Result{Language: language, Files: []FileResult{}, Pairs: []Pair{}}, nil
	}
	timeout, memory := e.Timeout, e.MemoryMiB
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	if memory <= 0 {
		memory = DefaultMemoryMiB
	}
	path := filepath.Join(work, "similarity.mjs")
	if err := os.WriteFile(path, script, 0o644); err != nil {
		return Result{}, err
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	args := append([]string{fmt.Sprintf("--max-old-space-size=%d", memory), path, language}, files...)
	cmd := exec.CommandContext(ctx, e.node(), args...)
	cmd.Dir = work
	// Node gets only what it needs, not the server's secrets (JUDGE_*).
	cmd.Env = []string{"DOLOS_LIB=" + (&url.URL{Scheme: "file", Path: e.lib()}).String()}
	for _, name := range []string{"PATH", "HOME", "TMPDIR", "LANG"} {
		if v, ok := os.LookupEnv(name); ok {
			cmd.Env = append(cmd.Env, name+"="+v)
		}
	}
	// Its own process group, so that a timeout kills whatever Node started.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &limited{buf: &stderr, n: maxStderr}
	start := time.Now()
	err := cmd.Run()
	switch {
	case ctx.Err() == context.DeadlineExceeded:
		return Result{}, fmt.Errorf("Dolos ran past its time limit (%s) on %d files", timeout, len(files))
	case ctx.Err() != nil:
		return Result{}, ctx.Err()
	case err != nil:
		msg := strings.TrimSpace(stderr.String())
		if strings.Contains(msg, "heap out of memory") || strings.Contains(msg, "Allocation failed") {
			return Result{}, fmt.Errorf("Dolos ran out of its memory (%d MiB) on %d files", memory, len(files))
		}
		return Result{}, fmt.Errorf("Dolos failed after %s (%v): %s", time.Since(start).Round(time.Millisecond), err, lastLines(msg, 6))
	}
	var r Result
	if err := json.Unmarshal(stdout.Bytes(), &r); err != nil {
		return Result{}, fmt.Errorf("Dolos answered something that is not its JSON (%v): %.200q", err, stdout.String())
	}
	for _, p := range r.Pairs {
		if p.Left < 0 || p.Right >= len(files) || p.Left >= p.Right {
			return Result{}, fmt.Errorf("Dolos answered a pair of files %d and %d of %d", p.Left, p.Right, len(files))
		}
	}
	return r, nil
}

// Language returns the Dolos language that reads programs of a sandbox
// language (judge/sandbox ids: c, cpp, cpp98, python3, java, go, or an
// operator's own, matched by its name's start), and whether there is one.
func Language(id string) (string, bool) {
	id = strings.ToLower(id)
	for _, l := range []struct{ prefix, dolos string }{
		{"cpp", "cpp"}, {"c++", "cpp"}, {"python", "python"}, {"pypy", "python"}, {"java", "java"},
		{"go", "go"}, {"rust", "rust"}, {"csharp", "c-sharp"}, {"js", "javascript"}, {"javascript", "javascript"},
		{"typescript", "typescript"}, {"scala", "scala"}, {"php", "php"}, {"ocaml", "ocaml"}, {"bash", "bash"},
		{"c", "c"},
	} {
		if strings.HasPrefix(id, l.prefix) {
			return l.dolos, true
		}
	}
	return "", false
}

// Extension is the file extension Dolos expects of a language's files.
func Extension(dolos string) string {
	switch dolos {
	case "cpp":
		return ".cpp"
	case "python":
		return ".py"
	case "c-sharp":
		return ".cs"
	case "javascript":
		return ".js"
	case "typescript":
		return ".ts"
	case "scala":
		return ".scala"
	case "ocaml":
		return ".ml"
	case "bash":
		return ".sh"
	case "rust":
		return ".rs"
	}
	return "." + dolos
}

// lastLines returns the last n lines of s.
func lastLines(s string, n int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, " | ")
}

// limited keeps the last n bytes written to it, at most about 2n at once.
type limited struct {
	buf *bytes.Buffer
	n   int
}

func (l *limited) Write(p []byte) (int, error) {
	l.buf.Write(p)
	if l.buf.Len() > 2*l.n {
		tail := append([]byte(nil), l.buf.Bytes()[l.buf.Len()-l.n:]...)
		l.buf.Reset()
		l.buf.Write(tail)
	}
	return len(p), nil
}
