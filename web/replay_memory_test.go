package web

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http/httptest"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"puzzlejudge/internal/testutil"
	"puzzlejudge/judge"
)

// TestReplaySlowReadersMemory performs the attack of issue 32: 300 clients
// send the public POST /api/v1/replay?limit=1000 with the largest board and
// move text it takes, and read nothing. The server must not grow by 150 MB
// or more while they hang on (it grew by ~470 MB, ~2 MB a request: each
// held the whole replay, every step's 30x30 board, for its reader). The
// growth is the process's resident memory (VmRSS, garbage included, as an
// operator sees it) measured while every answer is stuck on its reader,
// within the slow-reader deadline (httpx.WriteIdle). docs/PERFORMANCE.md.
func TestReplaySlowReadersMemory(t *testing.T) {
	testutil.LongOnly(t, "300 slow readers of 30x30 replays, 45-190 s")
	const clients = 300
	e := newAPIEnv(t, Options{})
	srv := httptest.NewServer(e.Handler)
	t.Cleanup(srv.Close)
	// A 30x30 board of 16 colours, and 2,048 moves cycling through them:
	// the most the public replay takes (MaxReplayMoveBytes).
	board := testutil.FlooditBoard(30, func(r, c int) int { return (r*7 + c*3 + r*c) % 16 })
	var moves strings.Builder
	for i := 0; moves.Len()+3 <= judge.MaxReplayMoveBytes; i++ {
		fmt.Fprintf(&moves, "%d ", i%15+1)
	}
	body, _ := json.Marshal(map[string]string{"puzzle": "floodit", "board": board, "moves": moves.String()})
	req := []byte("POST /api/v1/replay?limit=1000 HTTP/1.1\r\nHost: judge\r\nContent-Type: application/json\r\nContent-Length: " +
		strconv.Itoa(len(body)) + "\r\n\r\n" + string(body))
	// One answer read in full first: its size.
	probe := e.Do("POST", "/api/v1/replay?limit=1000", "", json.RawMessage(body)).Want(t, 200, "")
	var page struct {
		Steps []json.RawMessage `json:"steps"`
		Total int               `json:"total"`
	}
	json.Unmarshal(probe.Body, &page)
	t.Logf("one answer: %d bytes, %d steps of %d", len(probe.Body), len(page.Steps), page.Total)

	runtime.GC()
	before := vmRSS(t)
	conns := make([]net.Conn, clients)
	stop := make(chan struct{})
	for i := range conns {
		conns[i] = dial(t, srv)
		if _, err := conns[i].Write(req); err != nil {
			t.Fatal(err)
		}
		// A slow reader: 64 bytes every second, enough to keep the
		// server's write deadline (httpx.WriteIdle) from cutting it.
		go func(c net.Conn) {
			buf := make([]byte, 64)
			for {
				select {
				case <-stop:
					return
				case <-time.After(time.Second):
				}
				if _, err := c.Read(buf); err != nil {
					return
				}
			}
		}(conns[i])
	}
	// Long enough for every replay to be computed on a loaded machine, and
	// each answer then held for its reader.
	peak := before
	for deadline := time.Now().Add(40 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		peak = max(peak, vmRSS(t))
	}
	close(stop)
	growth := peak - before
	t.Logf("%d slow readers of POST /api/v1/replay?limit=1000: VmRSS %d MB -> peak %d MB, growth %d MB", clients, before>>20, peak>>20, growth>>20)
	for _, c := range conns {
		c.Close()
	}
	if growth >= 150<<20 {
		t.Errorf("the server grew by %d MB under %d slow readers, want < 150 MB", growth>>20, clients)
	}
}

func dial(t *testing.T, srv *httptest.Server) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	// A small receive buffer, as a reader that does not read keeps its
	// window shut: the answer waits in the server, not in the kernel.
	c.(*net.TCPConn).SetReadBuffer(4 << 10)
	return c
}

// vmRSS is this process's resident memory, in bytes.
func vmRSS(t *testing.T) int64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Skip("no /proc/self/status")
	}
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmRSS:" {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			return kb << 10
		}
	}
	t.Skip("no VmRSS")
	return 0
}
