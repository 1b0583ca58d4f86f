package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestProblemsAndShow(t *testing.T) {
	js := startJudge(t)
	pj := newPJ(t, map[string]string{"PJ_SERVER": js.URL})

	r := pj.want(exitOK, "problems")
	for _, want := range []string{"SLUG", "flood", "floodit", "Flood-it", "rot", "rotation"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("pj problems lacks %q:\n%s", want, r.stdout)
		}
	}
	r = pj.want(exitOK, "problems", "--json")
	var ps []problemSummary
	if err := json.Unmarshal([]byte(r.stdout), &ps); err != nil || len(ps) != len(testProblems) {
		t.Errorf("pj problems --json = %q (%v), want the API's list of %d", r.stdout, err, len(testProblems))
	}

	r = pj.want(exitOK, "show", "flood")
	for _, want := range []string{"flood: Flood-it (floodit", "Flood the board.", "sample 01-sample-1", "board 3", "ready"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("pj show flood lacks %q:\n%s", want, r.stdout)
		}
	}
	if strings.Contains(r.stdout, "4 5 0") {
		t.Errorf("pj show flood prints the hidden case's board:\n%s", r.stdout)
	}
	r = pj.want(exitOK, "--json", "show", "flood")
	var p problem
	if err := json.Unmarshal([]byte(r.stdout), &p); err != nil || p.Slug != "flood" || len(p.Cases) != 3 {
		t.Errorf("pj --json show flood = %q (%v)", r.stdout, err)
	}

	r = pj.want(exitUsage, "show", "nosuch")
	if !strings.Contains(r.stderr, "404") {
		t.Errorf("pj show nosuch said %q, want the 404", r.stderr)
	}
	pj.want(exitUsage, "show")
}

func TestInput(t *testing.T) {
	js := startJudge(t)
	pj := newPJ(t, map[string]string{"PJ_SERVER": js.URL})
	_, want := js.api("GET", "/problems/flood/input", "", nil)

	r := pj.want(exitOK, "input", "flood")
	if r.stdout != string(want) {
		t.Errorf("pj input flood = %q, want %q", r.stdout, want)
	}
	out := filepath.Join(t.TempDir(), "flood.in")
	// -o after the argument, as well as before.
	pj.want(exitOK, "input", "flood", "-o", out)
	if got, _ := os.ReadFile(out); string(got) != string(want) {
		t.Errorf("pj input flood -o: file holds %q, want %q", got, want)
	}
	pj.want(exitUsage, "input", "nosuch")
	pj.want(exitUsage, "input", "flood", "-o", filepath.Join(t.TempDir(), "no", "such", "dir"))
}

func TestInputZip(t *testing.T) {
	js := startJudge(t)
	if !js.hasRoute("GET", "/problems/flood/input.zip", "") {
		t.Skip("GET /problems/{slug}/input.zip is not on this server yet (input versions, branch answers)")
	}
	pj := newPJ(t, map[string]string{"PJ_SERVER": js.URL})
	out := filepath.Join(t.TempDir(), "flood.zip")
	pj.want(exitOK, "input", "--zip", "flood", "-o", out)
	data, err := os.ReadFile(out)
	if err != nil || !strings.HasPrefix(string(data), "PK") {
		t.Errorf("pj input --zip wrote %d bytes (%v), want a zip", len(data), err)
	}
}
