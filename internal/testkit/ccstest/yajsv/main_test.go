package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRun: the exit statuses and reports check-api.sh reads, on the
// release's own schemas.
func TestRun(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := write("good.json", `[{"id": "1", "name": "observers"}]`)
	bad := write("bad.json", `[{"id": "1"}]`)
	broken := write("broken.json", `[{`)
	schemas := "../testdata/json-schema"
	for _, tc := range []struct {
		name   string
		args   []string
		code   int
		output string
	}{
		{"pass", []string{"-s", schemas + "/groups.json", "-r", schemas + "/*.json", good}, 0, "good.json: pass"},
		{"quiet pass", []string{"-q", "-s", schemas + "/groups.json", "-r", schemas + "/*.json", good}, 0, ""},
		{"fail", []string{"-q", "-s", schemas + "/groups.json", "-r", schemas + "/*.json", good, bad}, 1, "bad.json: fail: "},
		{"not JSON", []string{"-q", "-s", schemas + "/groups.json", "-r", schemas + "/*.json", broken}, 2, "broken.json: error: "},
		{"both", []string{"-q", "-s", schemas + "/groups.json", "-r", schemas + "/*.json", bad, broken}, 3, "bad.json: fail: "},
		{"a reference missing", []string{"-s", schemas + "/groups.json", good}, 4, ""},
		{"no document", []string{"-s", schemas + "/groups.json"}, 4, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errs bytes.Buffer
			code := run(tc.args, &out, &errs)
			if code != tc.code || !strings.Contains(out.String(), tc.output) || tc.output == "" && out.Len() > 0 {
				t.Errorf("yajsv %v = %d, output %q (stderr %q), want %d with %q", tc.args, code, out.String(), errs.String(), tc.code, tc.output)
			}
		})
	}
}
