package contestpkg_test

import (
	"archive/zip"
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"puzzlejudge/judge"
	"puzzlejudge/judge/ccs/contestpkg"
)

// foreign zips the hand-written package of web/api's tests, with the
// files of change in place of theirs.
func foreign(t testing.TB, change ...string) []byte {
	t.Helper()
	dir := "../../../web/api/testdata/contest-package/foreign"
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	files := map[string]string{}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		files[e.Name()] = string(data)
	}
	for i := 0; i+1 < len(change); i += 2 {
		files[change[i]] = change[i+1]
	}
	for name, data := range files {
		w, err := zw.Create(name)
		if err == nil {
			_, err = w.Write([]byte(data))
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

// TestReadScoresAndMessages reads a score contest (each judgement's score
// scaled from the problem's max_score to 0-100) and a jury message to two
// teams (one to each of their first members, never to all).
func TestReadScoresAndMessages(t *testing.T) {
	imp, err := contestpkg.Read(foreign(t,
		"contest.yaml", "name: IOI day\nstart_time: 2026-01-10T09:00:00Z\nduration: '5:00:00'\nscoreboard_type: score\n",
		"problems.yaml", "- {id: flood, label: A, name: F, ordinal: 1, max_score: 200}\n- {id: rot, label: B, name: R, ordinal: 2, max_score: 100}\n",
		"judgements.json", `[{"id": "j1", "submission_id": "s1", "judgement_type_id": "WA", "score": 50, "start_time": "2026-01-10T09:10:01Z"},
			{"id": "j4", "submission_id": "s4", "judgement_type_id": "AC", "score": 100, "start_time": "2026-01-10T09:05:01Z"}]`,
		"clarifications.json", `[{"id": "c2", "from_team_id": null, "to_team_ids": ["t1", "t2"], "text": "Mind the clock.", "time": "2026-01-10T09:35:00+01"},
			{"id": "c1", "from_team_id": "t3", "text": "Why?", "time": "2026-01-10T09:30:00+02"}]`))
	if err != nil {
		t.Fatal(err)
	}
	if imp.Spec.Scoring != judge.ScoringIOI || len(imp.Submissions) != 2 {
		t.Fatalf("Read = %+v", imp)
	}
	for _, s := range imp.Submissions {
		if want := map[string]float64{"A": 25, "B": 100}[s.Label]; s.Score != want {
			t.Errorf("submission on %s: score %g, want %g", s.Label, s.Score, want)
		}
	}
	var got []string
	for _, m := range imp.Clarifications {
		got = append(got, m.From+">"+m.To+":"+m.Text)
	}
	if want := []string{"gina>:Why?", ">anna:Mind the clock.", ">dora:Mind the clock."}; !slices.Equal(got, want) {
		t.Errorf("clarifications %q, want %q (by time: 07:30 UTC, then 08:35)", got, want)
	}
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
