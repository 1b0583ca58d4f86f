package contestpkg_test

import (
	"archive/zip"
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"puzzlejudge/judge/ccs/contestpkg"
)

// foreign zips the hand-written package of web/api's tests.
func foreign(t testing.TB) []byte {
	t.Helper()
	dir := "../../../web/api/testdata/contest-package/foreign"
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		w, err := zw.Create(e.Name())
		if err == nil {
			_, err = w.Write(data)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestReadForeign(t *testing.T) {
	imp, err := contestpkg.Read(foreign(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(imp.Spec.Teams) != 3 || len(imp.Accounts) != 7 || len(imp.Submissions) != 5 || len(imp.Problems) != 2 || imp.Problems[0].Slug != "flood" {
		t.Errorf("Read = %+v", imp)
	}
}

// FuzzRead feeds Read any bytes: it answers a package or an *Error, never
// panics. Seeded with the hand-written package and its files alone;
// testdata/fuzz/FuzzRead keeps the inputs worth keeping.
func FuzzRead(f *testing.F) {
	f.Add(foreign(f))
	for _, text := range []string{`{"id":"x","name":"x","start_time":"2026-01-10T09:00:00+01","duration":"5:00:00"}`, "name: [", "[{\"id\": 1}]"} {
		var buf bytes.Buffer
		zw := zip.NewWriter(&buf)
		for _, name := range []string{"contest.json", "contest.yaml", "problems.json", "teams.json", "submissions.json"} {
			w, _ := zw.Create(name)
			w.Write([]byte(text))
		}
		zw.Close()
		f.Add(buf.Bytes())
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		_, err := contestpkg.Read(data)
		var pe *contestpkg.Error
		if err != nil && !errors.As(err, &pe) {
			t.Fatalf("Read: %T %v, want a *contestpkg.Error", err, err)
		}
	})
}

// zipOf is a zip of the entries, each given by its header.
func zipOf(t *testing.T, entries ...struct {
	hdr  zip.FileHeader
	data []byte
}) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, e := range entries {
		hdr := e.hdr
		w, err := zw.CreateHeader(&hdr)
		if err == nil {
			_, err = w.Write(e.data)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

type entry = struct {
	hdr  zip.FileHeader
	data []byte
}

func TestReadRefuses(t *testing.T) {
	link := zip.FileHeader{Name: "contest.json"}
	link.SetMode(os.ModeSymlink | 0o777)
	for _, tc := range []struct {
		name, file, msg string
		data            []byte
	}{
		{"not a zip", "", "not a zip", []byte("PK no")},
		{"a bomb", "contest.json", "zip bomb", zipOf(t, entry{zip.FileHeader{Name: "contest.json", Method: zip.Deflate}, make([]byte, 4<<20)})},
		{"a link", "contest.json", "links", zipOf(t, entry{link, []byte("/etc/passwd")})},
		{"a path out", "a/../contest.json", "'..'", zipOf(t, entry{zip.FileHeader{Name: "a/../contest.json"}, []byte("{}")})},
		{"twice", "contest.json", "two entries", zipOf(t, entry{zip.FileHeader{Name: "contest.json"}, []byte("{}")}, entry{zip.FileHeader{Name: "contest.json"}, []byte("{}")})},
		{"a huge YAML", "contest.yaml", "more than", zipOf(t, entry{zip.FileHeader{Name: "contest.yaml", Method: zip.Store}, bytes.Repeat([]byte("# x\n"), 300<<10)})},
		{"no contest", "contest.json", "missing", zipOf(t, entry{zip.FileHeader{Name: "teams.json"}, []byte("[]")})},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := contestpkg.Read(tc.data)
			var pe *contestpkg.Error
			if !errors.As(err, &pe) || pe.File != tc.file || !bytes.Contains([]byte(pe.Msg), []byte(tc.msg)) {
				t.Errorf("Read = %v, want an error of %q saying %q", err, tc.file, tc.msg)
			}
		})
	}
}
