package web

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"puzzlejudge/internal/testutil"
	"puzzlejudge/judge"
)

// TestStreamsOutOfMaxInFlight opens more event feeds than max_inflight
// through the real router on a real server: they do not take the
// requests' slots, so an ordinary request is still served; past
// max_streams a feed is refused with 503 busy and Retry-After, and a feed
// that does not stream (?stream=false) is an ordinary request. The feeds
// are a student's: the jury's are always admitted (TestStreamsByCaller).
func TestStreamsOutOfMaxInFlight(t *testing.T) {
	const inflight, streams = 2, 3
	e := newAPIEnv(t, Options{MaxInFlight: inflight, MaxStreams: streams})
	student := e.Student("sam")
	srv := httptest.NewServer(e.Handler)
	t.Cleanup(srv.Close)
	var c struct {
		ID int64 `json:"id"`
	}
	e.Do("POST", "/api/v1/contests", e.admin, map[string]any{"title": "Weekly", "problems": []map[string]any{{"slug": "flood"}},
		"start_time": time.Now().UTC().Add(-time.Minute).Format(time.RFC3339), "duration": "5h", "scoring": "icpc"}).Want(t, 201, "").JSON(t, &c)
	feed := srv.URL + "/api/ccs/contests/" + itoa64(c.ID) + "/event-feed"
	get := func(ctx context.Context, url string) *http.Response {
		t.Helper()
		req, err := http.NewRequestWithContext(ctx, "GET", url, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer "+student)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}

	// streams feeds, each read up to its first event: they are open and
	// streaming, in their handlers.
	cancels := make([]context.CancelFunc, streams)
	for i := range streams {
		ctx, cancel := context.WithCancel(context.Background())
		cancels[i] = cancel
		t.Cleanup(cancel)
		resp := get(ctx, feed)
		t.Cleanup(func() { resp.Body.Close() })
		if resp.StatusCode != 200 {
			t.Fatalf("feed %d: %d, want 200", i+1, resp.StatusCode)
		}
		line, err := bufio.NewReader(resp.Body).ReadString('\n')
		if err != nil || !strings.Contains(line, `"type"`) {
			t.Fatalf("feed %d's first line = %q, %v", i+1, line, err)
		}
	}

	// More feeds are open than max_inflight: ordinary requests pass.
	for _, path := range []string{"/api/v1/problems", "/api/v1/contests/" + itoa64(c.ID) + "/scoreboard", "/"} {
		resp := get(context.Background(), srv.URL+path)
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Errorf("GET %s with %d feeds open and max_inflight %d: %d, want 200", path, streams, inflight, resp.StatusCode)
		}
	}
	// A feed that does not stream is one of those.
	resp := get(context.Background(), feed+"?stream=false")
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("GET event-feed?stream=false with the streams full: %d, want 200", resp.StatusCode)
	}

	// One feed more than max_streams: 503 busy, Retry-After.
	resp = get(context.Background(), feed)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	var answer struct {
		Error struct{ Code, Message string } `json:"error"`
	}
	if err := json.Unmarshal(body, &answer); err != nil || resp.StatusCode != http.StatusServiceUnavailable ||
		answer.Error.Code != judge.EBUSY || resp.Header.Get("Retry-After") != "10" || answer.Error.Message == "" {
		t.Errorf("feed %d of max_streams %d: %d, Retry-After %q, %s; want 503 busy, Retry-After 10",
			streams+1, streams, resp.StatusCode, resp.Header.Get("Retry-After"), body)
	}

	// A feed closed by its client frees its slot.
	cancels[0]()
	testutil.WaitFor(t, "a freed stream slot", func() bool {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		resp := get(ctx, feed)
		defer resp.Body.Close()
		return resp.StatusCode == 200
	})
}

// TestStreamsByCaller: anonymous event feeds cannot lock anyone out. One
// address holds at most max_streams_per_address of them (429), all of them
// together three quarters of max_streams (503), a signed-in caller takes
// the rest, and the jury is always admitted: 64 anonymous idle feeds used
// to hold every slot and the jury's own feed got 503 (issue 32).
func TestStreamsByCaller(t *testing.T) {
	e := newAPIEnv(t, Options{MaxStreams: 4, MaxStreamsPerAddress: 2, TrustedProxies: []string{"127.0.0.1"}})
	ann, bob := e.Student("ann"), e.Student("bob")
	srv := httptest.NewServer(e.Handler)
	t.Cleanup(srv.Close)
	var c struct {
		ID int64 `json:"id"`
	}
	e.Do("POST", "/api/v1/contests", e.admin, map[string]any{"title": "Open", "problems": []map[string]any{{"slug": "flood"}}, "public": true,
		"start_time": time.Now().UTC().Add(-time.Minute).Format(time.RFC3339), "duration": "5h", "scoring": "icpc"}).Want(t, 201, "").JSON(t, &c)
	feed := srv.URL + "/api/ccs/contests/" + itoa64(c.ID) + "/event-feed"
	// open opens a feed from addr as token ("": anonymous) and, when it is
	// admitted, reads its first line and leaves it open.
	open := func(addr, token string) int {
		t.Helper()
		ctx, cancel := context.WithCancel(context.Background())
		t.Cleanup(cancel)
		req, _ := http.NewRequestWithContext(ctx, "GET", feed, nil)
		req.Header.Set("X-Forwarded-For", addr)
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { resp.Body.Close() })
		if resp.StatusCode == 200 {
			if line, err := bufio.NewReader(resp.Body).ReadString('\n'); err != nil || !strings.Contains(line, `"type"`) {
				t.Fatalf("first line from %s = %q, %v", addr, line, err)
			}
		} else if resp.Header.Get("Retry-After") == "" {
			t.Errorf("a refused feed from %s (%d) says no Retry-After", addr, resp.StatusCode)
		}
		return resp.StatusCode
	}
	for i, step := range []struct {
		who, addr, token string
		want             int
	}{
		{"anonymous", "10.0.0.1", "", 200},
		{"anonymous", "10.0.0.1", "", 200},
		{"anonymous, third of one address", "10.0.0.1", "", 429},
		{"anonymous", "10.0.0.2", "", 200},
		{"anonymous past three quarters", "10.0.0.3", "", 503},
		{"jury", "10.0.0.4", e.admin, 200},
		{"ann, the last slot", "10.0.0.5", ann, 200},
		{"bob, none left", "10.0.0.6", bob, 503},
		{"jury again, all taken", "10.0.0.4", e.admin, 200},
	} {
		if got := open(step.addr, step.token); got != step.want {
			t.Errorf("step %d, %s: %d, want %d", i+1, step.who, got, step.want)
		}
	}
}
