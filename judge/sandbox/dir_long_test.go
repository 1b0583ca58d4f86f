//go:build linux && long

package sandbox

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPrecompiledHeader: with a Dir, a program including <bits/stdc++.h>
// compiles with the header precompiled at start (g++ -H marks the .gch it
// used with "!"), and runs; one that defines a macro changing the header
// compiles without it (gcc says "x" for a .gch it cannot use) and runs
// too. A second start over the Dir builds nothing again.
func TestPrecompiledHeader(t *testing.T) {
	embeddedRunner(t) // the sandbox check
	dir := t.TempDir()
	cpp := DefaultLanguages()[1]
	if cpp.ID != "cpp" || cpp.PrecompiledHeader != "bits/stdc++.h" {
		t.Fatalf("DefaultLanguages()[1] = %s with header %q, want cpp with bits/stdc++.h", cpp.ID, cpp.PrecompiledHeader)
	}
	cpp.Compile = append([]string{cpp.Compile[0], "-H"}, cpp.Compile[1:]...) // -H lists the headers read
	cfg := EmbeddedConfig{Config: Config{Parallel: 2, Languages: []Language{cpp}}, Dir: dir, GoCache: testGoCache}
	ctx := context.Background()
	const body = "using namespace std;\nint main() { vector<long long> v; long long x; while (cin >> x) v.push_back(x); cout << accumulate(v.begin(), v.end(), 0LL) << '\\n'; }\n"
	var gch string
	for start := 1; start <= 2; start++ {
		r0, err := newTestEmbedded(cfg)
		if err != nil {
			t.Fatal(err)
		}
		r := r0.(*runner)
		<-r.backends[0].(*embedded).pchDone
		found, _ := filepath.Glob(filepath.Join(dir, "pch", "cpp-*", "bits", "stdc++.h.gch"))
		if len(found) != 1 {
			r.Close()
			t.Fatalf("start %d: precompiled headers %v, want one for cpp", start, found)
		}
		info, err := os.Stat(found[0])
		if err != nil {
			t.Fatal(err)
		}
		if start == 1 {
			gch = found[0] + info.ModTime().String()
		} else if found[0]+info.ModTime().String() != gch {
			t.Errorf("start 2 built the header again: %s, was %s", found[0]+info.ModTime().String(), gch)
		}
		for _, tc := range []struct {
			name, src, mark string
		}{
			{"bits", "#include <bits/stdc++.h>\n" + body, "! " + PCHMount + "/"},
			{"debug mode first", fmt.Sprintf("// start %d\n#define _GLIBCXX_DEBUG\n#include <bits/stdc++.h>\n%s", start, body), "x " + PCHMount + "/"},
		} {
			if start == 2 {
				tc.src = "// again\n" + tc.src // compiled, not taken from the cache
			}
			res, err := r.Compile(ctx, "cpp", []byte(tc.src), CompileLimits{})
			if err != nil || !res.OK() || res.Cached {
				t.Fatalf("start %d, %s: Compile = %+v, %v", start, tc.name, res, err)
			}
			if !strings.Contains(res.Output, tc.mark) {
				t.Errorf("start %d, %s: the compiler's -H output does not say %q:\n%.600s", start, tc.name, tc.mark, res.Output)
			}
			run, err := r.Run(ctx, res.Artifact, []byte("40 2"), Limits{})
			if err != nil || run.Status != StatusOK || string(run.Stdout) != "42\n" {
				t.Errorf("start %d, %s: Run = %+v, %v; want ok 42", start, tc.name, run, err)
			}
			t.Logf("start %d, %s: compiled in %v of CPU", start, tc.name, res.CPU)
		}
		if err := r.Close(); err != nil {
			t.Fatal(err)
		}
	}
}
