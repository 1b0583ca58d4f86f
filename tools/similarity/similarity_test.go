package similarity_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"puzzlejudge/internal/testkit/similaritytest"
	"puzzlejudge/tools/similarity"
)

func TestLanguage(t *testing.T) {
	for _, tc := range []struct{ id, want string }{
		{"cpp", "cpp"}, {"cpp98", "cpp"}, {"c", "c"}, {"python3", "python"}, {"java", "java"}, {"go", "go"},
		{"csharp", "c-sharp"}, {"brainfuck", ""},
	} {
		got, ok := similarity.Language(tc.id)
		if got != tc.want || ok != (tc.want != "") {
			t.Errorf("Language(%q) = %q, %v, want %q", tc.id, got, ok, tc.want)
		}
	}
}

// The folder's name is the hash install computes with sha256sum | cut -c1-16.
func TestLockHash(t *testing.T) {
	data, err := os.ReadFile("package-lock.json")
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(data)
	if want := hex.EncodeToString(sum[:])[:16]; similarity.LockHash() != want {
		t.Errorf("LockHash() = %s, want %s", similarity.LockHash(), want)
	}
	dir, err := similarity.DefaultDir()
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Base(dir) != "similarity-"+similarity.LockHash() || filepath.Base(filepath.Dir(dir)) != "puzzlejudge" {
		t.Errorf("DefaultDir() = %s, want .../puzzlejudge/similarity-%s", dir, similarity.LockHash())
	}
}

// Check says why an engine cannot run, in words that name the fix.
func TestCheckSaysWhy(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		node = "/bin/true" // any program: the folder is what is checked next
	}
	other := t.TempDir()
	os.WriteFile(filepath.Join(other, ".installed"), nil, 0o644)
	os.WriteFile(filepath.Join(other, "package-lock.json"), []byte("{}"), 0o644)
	lock, _ := os.ReadFile("package-lock.json")
	noLib := t.TempDir()
	os.WriteFile(filepath.Join(noLib, ".installed"), nil, 0o644)
	os.WriteFile(filepath.Join(noLib, "package-lock.json"), lock, 0o644)
	for _, tc := range []struct {
		name string
		e    similarity.Engine
		want string
	}{
		{"no node", similarity.Engine{Node: filepath.Join(t.TempDir(), "node"), Dir: t.TempDir()}, "Node.js"},
		{"no folder", similarity.Engine{Node: node}, "similarity.dir"},
		{"empty folder", similarity.Engine{Node: node, Dir: t.TempDir()}, "run tools/similarity/install"},
		{"another lock", similarity.Engine{Node: node, Dir: other}, "another package-lock.json"},
		{"no library", similarity.Engine{Node: node, Dir: noLib}, "incomplete"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.e.Check()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Check() = %v, want an error saying %q", err, tc.want)
			}
		})
	}
}

// A Dolos that cannot load answers its reason, not a panic or empty pairs.
func TestCompareFailureSaysWhy(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("Node.js is not installed")
	}
	work := t.TempDir()
	files := writeAll(t, work, "int main() { return 0; }\n", "int main() { return 1; }\n")
	_, err := similarity.Engine{Dir: t.TempDir()}.Compare(context.Background(), work, "cpp", files)
	if err == nil || !strings.Contains(err.Error(), "Dolos failed") {
		t.Fatalf("Compare without Dolos = %v, want Dolos's failure", err)
	}
}

// A run past its time limit is killed and says so.
func TestCompareTimeLimit(t *testing.T) {
	e := similaritytest.Engine(t)
	e.Timeout = time.Millisecond
	work := t.TempDir()
	files := writeAll(t, work, "int main() { return 0; }\n", "int main() { return 1; }\n")
	start := time.Now()
	_, err := e.Compare(context.Background(), work, "cpp", files)
	if err == nil || !strings.Contains(err.Error(), "time limit") {
		t.Fatalf("Compare with 1ms = %v, want the time limit", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Compare took %s past a 1ms limit", d)
	}
}

// The copy ranks first: Dolos on five programs where eve's is ada's renamed
// and laid out anew.
func TestCompareFindsTheCopy(t *testing.T) {
	e := similaritytest.Engine(t)
	work := t.TempDir()
	var sources []string
	set := similaritytest.CopySet()
	for _, p := range set {
		sources = append(sources, p.Source)
	}
	files := writeAll(t, work, sources...)
	r, err := e.Compare(context.Background(), work, "cpp", files)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Pairs) != 10 {
		t.Fatalf("%d pairs of 5 programs, want 10", len(r.Pairs))
	}
	top, next := r.Pairs[0], r.Pairs[1]
	if set[top.Left].User != "ada" || set[top.Right].User != "eve" {
		t.Errorf("first pair %s-%s, want ada-eve", set[top.Left].User, set[top.Right].User)
	}
	if top.Similarity < 0.7 || top.Similarity-next.Similarity < 0.15 {
		t.Errorf("the copy's similarity %.3f, the next pair's %.3f: want >= 0.7 and 0.15 ahead", top.Similarity, next.Similarity)
	}
	if len(top.Fragments) == 0 || top.LongestFragment == 0 {
		t.Fatalf("the copy has no fragments: %+v", top)
	}
	for _, f := range top.Fragments {
		if f.Left.StartLine < 1 || f.Left.EndLine < f.Left.StartLine || f.Right.StartLine < 1 || f.Right.EndLine < f.Right.StartLine {
			t.Errorf("fragment %+v: want line ranges from 1", f)
		}
	}
}

func writeAll(t *testing.T, dir string, sources ...string) []string {
	t.Helper()
	var files []string
	for i, s := range sources {
		p := filepath.Join(dir, string(rune('a'+i))+".cpp")
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, p)
	}
	return files
}

// BenchmarkCompare runs Dolos on n programs of one task (the five of
// similaritytest.CopySet, each repeated with its identifiers suffixed so
// that no two files are byte for byte the same), all n(n-1)/2 pairs:
//
//	go test ./tools/similarity -run '^$' -bench Compare -benchtime 1x
func BenchmarkCompare(b *testing.B) {
	e := similaritytest.Engine(b)
	set := similaritytest.CopySet()
	for _, n := range []int{10, 50, 200} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			work := b.TempDir()
			var sources []string
			for i := range n {
				src := set[i%len(set)].Source
				for _, id := range []string{"best", "answer", "missed", "flooded", "inside"} {
					src = strings.ReplaceAll(src, id, id+strconv.Itoa(i))
				}
				sources = append(sources, src)
			}
			files := make([]string, n)
			for i, s := range sources {
				files[i] = filepath.Join(work, strconv.Itoa(i)+".cpp")
				if err := os.WriteFile(files[i], []byte(s), 0o644); err != nil {
					b.Fatal(err)
				}
			}
			b.ResetTimer()
			for range b.N {
				r, err := e.Compare(context.Background(), work, "cpp", files)
				if err != nil {
					b.Fatal(err)
				}
				if len(r.Pairs) != n*(n-1)/2 {
					b.Fatalf("%d pairs of %d programs", len(r.Pairs), n)
				}
			}
		})
	}
}
