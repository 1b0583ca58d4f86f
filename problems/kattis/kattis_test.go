package kattis_test

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/crypto/bcrypt"

	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
	"puzzlejudge/judge/store"
	"puzzlejudge/problems"
	"puzzlejudge/problems/kattis"
)

func shipped(t testing.TB) []problems.Problem {
	t.Helper()
	ps, err := problems.Shipped()
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

func pkgOf(p problems.Problem) kattis.Package {
	return kattis.Package{Problem: p.Problem, Cases: p.Cases, Answers: p.Answers}
}

func write(t testing.TB, pkg kattis.Package) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := kattis.Write(&buf, pkg); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestRoundTripShipped writes each shipped problem, reads it back and
// writes it again: the same problem, cases and answers, the same bytes.
func TestRoundTripShipped(t *testing.T) {
	for _, p := range shipped(t) {
		t.Run(p.Problem.Slug, func(t *testing.T) {
			pkg := pkgOf(p)
			raw := write(t, pkg)
			got, err := kattis.Read(raw)
			if err != nil {
				t.Fatalf("Read(Write(%s)): %v", p.Problem.Slug, err)
			}
			if !reflect.DeepEqual(got, pkg) {
				t.Errorf("Read(Write(%s)) =\n%+v\nwant\n%+v", p.Problem.Slug, got, pkg)
			}
			if again := write(t, got); !bytes.Equal(again, raw) {
				t.Errorf("Write(Read(Write(%s))) gives other bytes", p.Problem.Slug)
			}
		})
	}
}

// TestRoundTripThroughService imports each shipped problem's package into a
// fresh judge and exports it again.
func TestRoundTripThroughService(t *testing.T) {
	ctx := context.Background()
	// synchronous=normal: at full every commit waits for the disk (see
	// webtest.TestStore).
	db, err := store.OpenWith("sqlite", filepath.Join(t.TempDir(), "k.db"), nil, store.Options{Synchronous: "normal"})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	s := service.NewService(db, service.Config{BcryptCost: bcrypt.MinCost}, nil)
	u, err := s.Register(ctx, "teacher", "password123", judge.RoleInstructor)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range shipped(t) {
		pkg, err := kattis.Read(write(t, pkgOf(p)))
		if err != nil {
			t.Fatal(err)
		}
		// Published as the original is: a new import is a draft unless asked.
		publish := !p.Problem.Draft
		if _, created, err := s.ImportProblem(ctx, u, pkg.Problem, pkg.Cases, &publish); err != nil || !created {
			t.Fatalf("ImportProblem(%s) = %t, %v", p.Problem.Slug, created, err)
		}
		stored, cases, err := s.ExportProblem(ctx, u, p.Problem.Slug)
		if err != nil {
			t.Fatal(err)
		}
		out := kattis.FromCases(stored, cases)
		if !reflect.DeepEqual(out.Cases, p.Cases) {
			t.Errorf("%s: cases after import differ:\n%+v\nwant\n%+v", p.Problem.Slug, out.Cases, p.Cases)
		}
		want := p.Problem
		got := out.Problem
		got.ID, got.CreatedAt, got.UpdatedAt = 0, want.CreatedAt, want.UpdatedAt
		if !got.Equal(want) {
			t.Errorf("%s: problem after import\n%+v\nwant\n%+v", p.Problem.Slug, got, want)
		}
		// Importing again updates the problem in place.
		if _, created, err := s.ImportProblem(ctx, u, pkg.Problem, pkg.Cases, nil); err != nil || created {
			t.Errorf("second ImportProblem(%s) = created %t, %v; want an update", p.Problem.Slug, created, err)
		}
	}
}

// zipOf builds an archive from entries; an entry's mode, when set, is
// stored as its Unix mode.
type entry struct {
	name string
	body string
	mode fs.FileMode
}

func zipOf(t testing.TB, entries ...entry) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, e := range entries {
		h := &zip.FileHeader{Name: e.name, Method: zip.Deflate}
		if e.mode != 0 {
			h.SetMode(e.mode)
		}
		w, err := zw.CreateHeader(h)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(e.body))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

const goodYAML = "problem_format_version: 2023-07-draft\nname: Tiny\nuuid: x\npuzzlejudge:\n  slug: tiny\n  puzzle: floodit\n"

func goodEntries() []entry {
	return []entry{
		{name: "tiny/problem.yaml", body: goodYAML},
		{name: "tiny/statement/problem.en.md", body: "Flood it."},
		{name: "tiny/data/sample/1.in", body: "2\n0 1\n1 0\n"},
		{name: "tiny/data/sample/1.ans", body: "2\n"},
		{name: "tiny/data/secret/a.in", body: "1\n0\n"},
		{name: "tiny/data/secret/a.ans", body: "0\n"},
	}
}

func TestReadForeignPackage(t *testing.T) {
	pkg, err := kattis.Read(zipOf(t, goodEntries()...))
	if err != nil {
		t.Fatal(err)
	}
	want := []judge.CaseSpec{{Name: "1", Input: "2\n0 1\n1 0\n", Sample: true}, {Name: "a", Input: "1\n0\n"}}
	if pkg.Problem.Slug != "tiny" || pkg.Problem.Title != "Tiny" || !pkg.Problem.Draft || !reflect.DeepEqual(pkg.Cases, want) {
		t.Errorf("Read = %+v", pkg)
	}
}

// hugeYAML is goodYAML with a flow sequence of pseudo-random numbers after
// it, n bytes in all: it compresses about 2 to 1, far from the ratio bound.
func hugeYAML(n int) string {
	var b strings.Builder
	b.WriteString(goodYAML + "junk: [")
	x := uint32(24)
	for b.Len() < n-2 {
		x = x*1664525 + 1013904223
		fmt.Fprintf(&b, "%d,", x>>8)
	}
	b.WriteString("0]\n")
	return b.String()
}

// deflated returns n zero bytes deflated, and their CRC.
func deflated(n int) ([]byte, uint32) {
	var buf bytes.Buffer
	fw, _ := flate.NewWriter(&buf, flate.BestCompression)
	zeros := make([]byte, n)
	fw.Write(zeros)
	fw.Close()
	return buf.Bytes(), crc32.ChecksumIEEE(zeros)
}

// lyingZip holds one entry that declares 100 bytes and unpacks to 1 MiB.
func lyingZip(t testing.TB) []byte {
	body, crc := deflated(1 << 20)
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, err := zw.CreateRaw(&zip.FileHeader{Name: "problem.yaml", Method: zip.Deflate, CRC32: crc,
		CompressedSize64: uint64(len(body)), UncompressedSize64: 100})
	if err != nil {
		t.Fatal(err)
	}
	w.Write(body)
	zw.Close()
	return buf.Bytes()
}

func TestReadRefuses(t *testing.T) {
	many := make([]entry, kattis.MaxEntries+1)
	for i := range many {
		many[i] = entry{name: "f/" + strings.Repeat("x", 1+i%50) + string(rune('a'+i%26)) + "-" + string(rune('a'+i/26%26)) + string(rune('a'+i/676)), body: ""}
	}
	bad := func(file, body string) []entry {
		es := goodEntries()
		for i := range es {
			if es[i].name == file {
				es[i].body = body
			}
		}
		return es
	}
	for _, tc := range []struct {
		name string
		zip  []byte
		want string
	}{
		{"zip slip", zipOf(t, append(goodEntries(), entry{name: "tiny/../../etc/passwd", body: "x"})...), "tiny/../../etc/passwd: a path with '..'"},
		{"absolute", zipOf(t, append(goodEntries(), entry{name: "/etc/passwd", body: "x"})...), "/etc/passwd: an absolute"},
		{"symlink", zipOf(t, append(goodEntries(), entry{name: "tiny/data/secret/b.in", body: "/etc/passwd", mode: fs.ModeSymlink | 0o777})...), "tiny/data/secret/b.in: links are not allowed"},
		{"zip bomb", zipOf(t, append(goodEntries(), entry{name: "tiny/big.txt", body: strings.Repeat("\x00", 8<<20)})...), "tiny/big.txt: compressed more than 100 to 1"},
		{"lying sizes", lyingZip(t), "problem.yaml: "}, // archive/zip or the size bound, whichever sees it first,
		{"too many entries", zipOf(t, many...), "package: 2001 entries, more than 2000"},
		{"not a zip", []byte("hello"), "package: not a zip archive"},
		{"unknown puzzle", zipOf(t, bad("tiny/problem.yaml", strings.Replace(goodYAML, "floodit", "sudoku", 1))...), "problem.yaml: line 6: puzzlejudge.puzzle: unknown puzzle \"sudoku\""},
		{"bad board", zipOf(t, bad("tiny/data/secret/a.in", "2\n0 1\n1 x\n")...), "data/secret/a.in: line 3, column 3"},
		{"no statement", zipOf(t, goodEntries()[0], goodEntries()[2]), "statement/problem.en.md: missing"},
		// Issue 24: the last of two entries of one name used to win.
		{"duplicate problem.yaml", zipOf(t, append(goodEntries(), entry{name: "tiny/problem.yaml", body: strings.Replace(goodYAML, "Tiny", "Other", 1)})...), "tiny/problem.yaml: the archive holds two entries of this name"},
		{"duplicate board", zipOf(t, append(goodEntries(), entry{name: "tiny/data/secret/a.in", body: "1\n1\n"})...), "tiny/data/secret/a.in: the archive holds two entries"},
		// Issue 24: a 32 MB problem.yaml under the ratio bound took the
		// decoder to 3.28 GB; one of 1 MB is refused as well, undecoded.
		{"huge problem.yaml", zipOf(t, bad("tiny/problem.yaml", hugeYAML(1<<20))...), "tiny/problem.yaml: 10"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := kattis.Read(tc.zip)
			var refusal *kattis.Error
			if !errors.As(err, &refusal) || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("Read = %v, want a refusal starting with %q", err, tc.want)
			}
		})
	}
}

// TestNamePerLanguage: a package names its problem per language; the
// Chinese entry (zh, zh-CN or zh-Hans) is the problem's title_zh, and a
// problem with one is written so.
func TestNamePerLanguage(t *testing.T) {
	for _, tc := range []struct{ name, title, zh string }{
		{"name: {en: Tiny, zh: 小题}", "Tiny", "小题"},
		{"name: {zh-CN: 小题, en: Tiny}", "Tiny", "小题"},
		{"name: {en: Tiny, zh-Hans: 小题}", "Tiny", "小题"},
		{"name: Tiny", "Tiny", ""},
	} {
		entries := goodEntries()
		entries[0].body = strings.Replace(goodYAML, "name: Tiny", tc.name, 1)
		pkg, err := kattis.Read(zipOf(t, entries...))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if pkg.Problem.Title != tc.title || pkg.Problem.TitleZH != tc.zh {
			t.Errorf("%s: title %q, title_zh %q; want %q, %q", tc.name, pkg.Problem.Title, pkg.Problem.TitleZH, tc.title, tc.zh)
		}
	}
	for _, p := range shipped(t) {
		raw := write(t, pkgOf(p))
		zr, err := zip.NewReader(bytes.NewReader(raw), int64(len(raw)))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range zr.File {
			if strings.HasSuffix(f.Name, "/problem.yaml") {
				rc, _ := f.Open()
				yml, _ := io.ReadAll(rc)
				rc.Close()
				if want := "name:\n  en: " + p.Problem.Title + "\n  zh: " + p.Problem.TitleZH + "\n"; !strings.Contains(string(yml), want) {
					t.Errorf("%s: problem.yaml does not name it per language (%q):\n%s", p.Problem.Slug, want, yml)
				}
			}
		}
	}
}
