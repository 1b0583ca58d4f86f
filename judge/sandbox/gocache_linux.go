package sandbox

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
)

// GoCacheMount is where the sandbox shows the warm Go build cache, read-only.
// The go language's compile copies it to its own /tmp first: with an empty
// cache the go command builds the standard library for every submission
// (about 15 s of CPU), with a warm one a compile takes under a second.
const GoCacheMount = "/gocache"

// warmProgram imports what contest programs in Go use, so that the cache
// holds those packages compiled.
const warmProgram = `package main

import (
	"bufio"
	"bytes"
	"container/heap"
	"container/list"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"math/bits"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

var _ = []any{bufio.NewReader, bytes.NewBuffer, heap.Init, list.New, errors.New, io.EOF,
	maps.Keys[map[int]int], math.Abs, bits.Len, slices.Sort[[]int], sort.Ints, strconv.Itoa,
	strings.Fields, unicode.IsDigit}

func main() { fmt.Fprintln(os.Stdout) }
`

// warmGoCache builds warmProgram on this host into dir, with the settings the
// go language uses in the sandbox (so that the cache keys match). The
// program is the package's own, never a student's: it is safe outside the
// sandbox.
func warmGoCache(ctx context.Context, dir string, lang Language) error {
	gobin, err := lookPath("go", SandboxPath)
	if err != nil {
		return err
	}
	work, err := os.MkdirTemp("", "puzzlejudge-gowarm-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	if err := os.WriteFile(filepath.Join(work, "main.go"), []byte(warmProgram), 0o600); err != nil {
		return err
	}
	cmd := exec.CommandContext(ctx, gobin, "build", "-o", "main", "main.go")
	cmd.Dir = work
	cmd.Env = append(lang.env(), "GOCACHE="+dir, "GOPATH="+filepath.Join(work, "gopath"))
	stoppable(cmd)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go build of the warm-up program: %v\n%s", err, out)
	}
	return nil
}

// startGoCache warms the cache folder in the background when the go
// language is offered, and returns when the warm-up is over (closed at once
// when there is none). Go compiles wait for it: a compile at the same time
// would build the same standard library, cold, beside it.
// Cancelling ctx stops the warm-up (Close does, and waits for done).
func startGoCache(ctx context.Context, dir string, langs []Language) (language string, done <-chan struct{}) {
	ch := make(chan struct{})
	for _, l := range langs {
		if l.ID != "go" {
			continue
		}
		go func() {
			defer close(ch)
			if err := warmGoCache(ctx, dir, l); err != nil && ctx.Err() == nil {
				slog.Warn("sandbox: warming the Go build cache", "err", err)
			}
		}()
		return l.ID, ch
	}
	close(ch)
	return "", ch
}
