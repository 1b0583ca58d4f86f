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
// that does not stream (?stream=false) is an ordinary request.
func TestStreamsOutOfMaxInFlight(t *testing.T) {
	const inflight, streams = 2, 3
	e := newAPIEnv(t, Options{MaxInFlight: inflight, MaxStreams: streams})
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
		req.Header.Set("Authorization", "Bearer "+e.admin)
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
