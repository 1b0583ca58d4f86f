package sandbox

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"
)

// PCHMount is where the embedded sandbox shows the precompiled headers of
// EmbeddedConfig.Dir/pch, read-only.
const PCHMount = "/pch"

// Precompiled headers. A C++ program that includes <bits/stdc++.h>, as
// most contest programs do, spends nearly all of its compile in that header:
// 2.5-2.8 s of CPU with g++ 12 at -O2, against 0.6 s with the header
// precompiled, and 0.15 s for a program of <cstdio> alone. So a language
// may name a header (PrecompiledHeader); when the embedded sandbox keeps a
// Dir, it builds the header once per compiler and flags into Dir/pch, shown
// at /pch, and its compile command searches there first (-I). gcc uses a
// .gch found before the header only when it was built by the same compiler
// with the same options and the program defines no macro that changes it;
// otherwise (a program that defines _GLIBCXX_DEBUG first, a build still
// under way) it reads the header itself, as it would without. So the PCH
// changes how fast a program compiles, never what it compiles to.

// pchDir returns the folder (under Dir/pch) of language l's precompiled
// header: named by the language and a hash of what the PCH depends on, so
// that a new compiler or new flags build anew.
func pchDir(l Language) string {
	h := sha256.New()
	for _, part := range [][]string{{l.Version, l.PrecompiledHeader}, l.Compile, l.Env} {
		fmt.Fprintf(h, "%d\x00%s\x00", len(part), strings.Join(part, "\x00"))
	}
	return l.ID + "-" + hex.EncodeToString(h.Sum(nil))[:16]
}

// pchFlags returns the compile command of l without its source and output
// file: the options a PCH of l must be built with.
func pchFlags(l Language) []string {
	var flags []string
	for i := 0; i < len(l.Compile); i++ {
		switch a := l.Compile[i]; {
		case a == "-o":
			i++ // and its file
		case a == l.Source:
		default:
			flags = append(flags, a)
		}
	}
	return flags
}

// withPCH returns l compiling with its precompiled header folder first on
// the include path (the folder may still be empty: gcc then reads the
// header itself).
func withPCH(l Language) Language {
	if l.PrecompiledHeader == "" || len(l.Compile) == 0 {
		return l
	}
	dir := PCHMount + "/" + pchDir(l)
	l.Compile = slices.Concat(l.Compile[:1], []string{"-I", dir}, l.Compile[1:])
	return l
}

// buildPCH builds l's precompiled header into root/pchDir(l), unless it is
// there from an earlier start, and removes those of l's other compilers
// or flags. It runs on the host, as warmGoCache does: the header is the
// system's, no student's text is compiled.
func buildPCH(ctx context.Context, root string, l Language) error {
	name := pchDir(l)
	dir := filepath.Join(root, name)
	gch := filepath.Join(dir, filepath.FromSlash(l.PrecompiledHeader)+".gch")
	olds, _ := filepath.Glob(filepath.Join(root, l.ID+"-*"))
	for _, old := range olds {
		if filepath.Base(old) != name {
			os.RemoveAll(old)
		}
	}
	if _, err := os.Stat(gch); err == nil {
		return nil
	}
	flags := pchFlags(l)
	compiler, err := lookPath(flags[0], SandboxPath)
	if err != nil {
		return err
	}
	kind := "c++-header"
	if strings.HasSuffix(l.Source, ".c") {
		kind = "c-header"
	}
	if err := os.MkdirAll(filepath.Dir(gch), 0o755); err != nil {
		return err
	}
	work, err := os.MkdirTemp(root, ".build-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	header := filepath.Join(work, "pch.h")
	if err := os.WriteFile(header, []byte("#include <"+l.PrecompiledHeader+">\n"), 0o644); err != nil {
		return err
	}
	out := filepath.Join(work, "out.gch")
	cmd := exec.CommandContext(ctx, compiler, append(flags[1:], "-x", kind, "-o", out, header)...)
	cmd.Dir = work
	cmd.Env = l.env()
	stoppable(cmd)
	if msg, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%s: %v\n%s", strings.Join(cmd.Args, " "), err, msg)
	}
	if err := os.Chmod(out, 0o644); err != nil {
		return err
	}
	// Renamed whole: a compile sees the finished file or none.
	return os.Rename(out, gch)
}

// stoppable makes cmd, when its context ends, kill its whole process group
// and stop waiting for its output a second later. Killing the driver alone
// (exec's default) left its compiler (cc1plus, go's compile) running with
// the output pipes open, and Close waited for it: a judged started and
// stopped at once took over a minute to stop at load 30.
func stoppable(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = time.Second
}

// startPCH builds the precompiled headers of langs in the background, one
// after the other (each costs a compile of the header, 3-7 s of CPU), and
// returns when they are done. Cancelling ctx stops them.
func startPCH(ctx context.Context, root string, langs []Language) <-chan struct{} {
	done := make(chan struct{})
	go func() {
		defer close(done)
		for _, l := range langs {
			if l.PrecompiledHeader == "" || len(l.Compile) == 0 {
				continue
			}
			if err := buildPCH(ctx, root, l); err != nil && ctx.Err() == nil {
				slog.Warn("sandbox: precompiling a header; programs that include it compile without", "language", l.ID, "header", l.PrecompiledHeader, "err", err)
			}
		}
	}()
	return done
}
