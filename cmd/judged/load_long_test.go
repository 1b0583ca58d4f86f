//go:build long

package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"puzzlejudge/internal/testkit/busytest"
	"puzzlejudge/internal/testutil"
)

// TestFloodItTimedBesideBusyCgroups is the measure of docs/PERFORMANCE.md
// ("Verdicts on a busy machine"): the seeds' IDA* Flood-it program (000,
// cut out of the seed beside the repository; else the shipped IDA* of
// floodit-timed) judged on floodit-timed (0.9 s of CPU per board) through
// a server, once on an idle machine, then three times beside ten
// CPU-bound processes, each in a cgroup of its own. Every try must be
// accepted with the CPU figures of the idle one (within noise); a program
// that sleeps still gets time_limit, saying it was not running by its own
// doing. Run with -v for the figures.
func TestFloodItTimedBesideBusyCgroups(t *testing.T) {
	src, from := loadProgram(t)
	dir := t.TempDir()
	srv := startServer(t, writeSandboxConfig(t, dir, "  mode: embedded\n"))
	admin := srv.login("admin", adminPassword(t, srv.log.String()))
	srv.expect(201, "POST", "/api/v1/register", "", map[string]string{"username": "ada", "password": "lovelace1"}, nil)
	ada := srv.login("ada", "lovelace1")
	srv.waitReady(admin, "floodit-timed", 5*time.Minute)
	t.Logf("program: %s", from)

	idle := judgeOn(t, srv, ada, src)
	t.Logf("idle:     %s", idle)
	if idle.verdict != "accepted" {
		t.Fatalf("idle: %s, want accepted", idle)
	}
	busytest.Start(t, 10, 10*time.Minute)
	time.Sleep(time.Second) // the load settles
	for i := range 3 {
		got := judgeOn(t, srv, ada, src)
		t.Logf("loaded %d: %s", i+1, got)
		if got.verdict != "accepted" {
			t.Errorf("try %d beside 10 busy cgroups: %s, want accepted", i+1, got)
		}
		if got.maxCPU > 2*idle.maxCPU+100 {
			t.Errorf("try %d: slowest board %d ms of CPU, idle %d ms: the load changed the measure", i+1, got.maxCPU, idle.maxCPU)
		}
	}
	sleeper := judgeOn(t, srv, ada, "#include <unistd.h>\nint main() { sleep(30); }\n")
	t.Logf("sleeping: %s", sleeper)
	if sleeper.verdict != "time_limit" || !strings.Contains(sleeper.message, "not running by the program's own doing") {
		t.Errorf("a sleeping program beside busy cgroups: %s, want time_limit saying it slept", sleeper)
	}
}

// judging is what one program submission got: its verdict, the first
// failing board's message, and the per-board CPU and wall figures in ms.
type judging struct {
	verdict, message                 string
	boards                           int
	maxCPU, sumCPU, maxWall, sumWall int64
	took                             time.Duration
}

func (j judging) String() string {
	s := j.verdict + " on " + strconv.Itoa(j.boards) + " boards; CPU max " + strconv.FormatInt(j.maxCPU, 10) +
		" ms, sum " + strconv.FormatInt(j.sumCPU, 10) + " ms; wall max " + strconv.FormatInt(j.maxWall, 10) +
		" ms, sum " + strconv.FormatInt(j.sumWall, 10) + " ms; judged in " + j.took.Round(100*time.Millisecond).String()
	if j.message != "" {
		s += "; " + j.message
	}
	return s
}

// judgeOn submits src in C++ to floodit-timed and waits for its verdict.
func judgeOn(t *testing.T, srv *server, token, src string) judging {
	t.Helper()
	start := time.Now()
	var acc struct{ ID int64 }
	srv.expect(202, "POST", "/api/v1/problems/floodit-timed/submissions", token, map[string]any{"kind": "program", "language": "cpp", "source": src}, &acc)
	var sub struct {
		Status, Verdict string
		Cases           []struct {
			Verdict, Message string
			CPUMs            int64 `json:"cpu_ms"`
			WallMs           int64 `json:"wall_ms"`
		}
	}
	deadline := time.Now().Add(10 * time.Minute)
	for sub.Status != "done" {
		if time.Now().After(deadline) {
			t.Fatalf("submission %d still %s", acc.ID, sub.Status)
		}
		time.Sleep(50 * time.Millisecond)
		srv.expect(200, "GET", "/api/v1/submissions/"+strconv.FormatInt(acc.ID, 10), token, nil, &sub)
	}
	j := judging{verdict: sub.Verdict, boards: len(sub.Cases), took: time.Since(start)}
	for _, c := range sub.Cases {
		j.maxCPU, j.sumCPU = max(j.maxCPU, c.CPUMs), j.sumCPU+c.CPUMs
		j.maxWall, j.sumWall = max(j.maxWall, c.WallMs), j.sumWall+c.WallMs
		if c.Verdict != "accepted" && j.message == "" {
			j.message = c.Message
		}
	}
	return j
}

// loadProgram returns the seeds' 000 (its C++ cut out of the blog post
// beside the repository; the seeds are never copied into it), or else the
// shipped IDA* of floodit-timed.
func loadProgram(t *testing.T) (src, from string) {
	if seeds := testutil.SharedDir("seeds"); seeds != "" {
		doc, err := os.ReadFile(filepath.Join(seeds, "000_de9e6dadd348409c.txt"))
		if err == nil {
			if prog := cutProgram(string(doc)); prog != "" {
				return prog, "seed 000 (IDA*, UVA 1505)"
			}
		}
	}
	path := "../../problems/floodit-timed/submissions/accepted/ida.cpp"
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b), path
}

// cutProgram returns the C++ program of a seed document: from its first
// #include line to the closing brace of main ("" when there is none).
func cutProgram(doc string) string {
	lines := strings.Split(doc, "\n")
	start, inMain := -1, false
	for i, l := range lines {
		if start < 0 && strings.HasPrefix(l, "#include") {
			start = i
		}
		if start >= 0 && strings.HasPrefix(l, "int main") {
			inMain = true
		}
		if inMain && strings.TrimRight(l, " \t\r") == "}" {
			return strings.Join(lines[start:i+1], "\n") + "\n"
		}
	}
	return ""
}
