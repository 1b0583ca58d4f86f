package api

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
	"puzzlejudge/web/httpx"
)

// Defaults of the event feed's timing (Options.FeedPoll, FeedKeepAlive).
const (
	// DefaultFeedPoll is how often an open feed looks for changes that no
	// one announced (the clock passing the freeze, another process's
	// verdict): the "within 1 s".
	DefaultFeedPoll = time.Second
	// DefaultFeedKeepAlive is the silence after which the feed sends an
	// empty line: the specification wants one within 120 s.
	DefaultFeedKeepAlive = 60 * time.Second
)

// feedLine is one line of the event feed.
type feedLine struct {
	Type  string          `json:"type"`
	ID    *string         `json:"id"`
	Data  json.RawMessage `json:"data"`
	Token string          `json:"token"`
}

// feedLineOf is the line of the event feed that sends e (a contest
// package's event-feed.ndjson holds the same lines).
func feedLineOf(e judge.FeedEvent) []byte {
	line := feedLine{Type: e.Type, Data: e.Data, Token: strconv.FormatInt(e.Token, 10)}
	if e.Data == nil {
		line.Data = json.RawMessage("null")
	}
	if e.ID != "" {
		oid := e.ID
		line.ID = &oid
	}
	b, _ := json.Marshal(line) // a string, a pointer and raw JSON from the log
	return b
}

// ccsEventFeed streams a contest's event feed as NDJSON: every event the
// caller reads, from the beginning or after ?since_token= (since_id, the
// name of older releases, is taken too), then each new one as it is logged,
// one line each, flushed; an empty line after FeedKeepAlive of silence.
// ?stream=false (as DOMjudge's) sends what there is and ends.
func (s *API) ccsEventFeed(c *gin.Context) {
	id, ok := s.ccsContestID(c)
	if !ok {
		return
	}
	ctx := c.Request.Context()
	_, view, err := s.Service.CCSContest(ctx, httpx.Viewer(c), id)
	if err != nil {
		s.ccsFail(c, err)
		return
	}
	var after int64
	for _, name := range []string{"since_token", "since_id"} {
		if t, given := c.GetQuery(name); given {
			if after, err = s.Service.ParseSinceToken(ctx, id, t); err != nil {
				s.ccsFail(c, err)
				return
			}
		}
	}
	stream := feedStreams(c)
	if stream && s.Options.Streams != nil {
		// Admitted here, once the caller is known: the jury always, the
		// anonymous within their share and their address's (StreamSlots).
		v := httpx.Viewer(c)
		release, err := s.Options.Streams.Acquire(httpx.StreamCaller{Addr: c.ClientIP(), SignedIn: !v.Anonymous(), Jury: view.Jury})
		if err != nil {
			s.ccsFail(c, err)
			return
		}
		defer release()
	}
	if err := s.Service.SyncFeed(ctx, id, time.Now()); err != nil {
		s.ccsFail(c, err)
		return
	}
	// The service's contest events (a submission, a verdict, a change of
	// the contest, in this process) make the feed sync, as the poll does
	// for the rest; the syncs of all open feeds are at most one a second.
	changes, err := s.Service.ContestEvents(ctx, httpx.Viewer(c), id)
	if err != nil {
		changes = nil
	}
	poll, keepAlive := s.Options.FeedPoll, s.Options.FeedKeepAlive
	if poll <= 0 {
		poll = DefaultFeedPoll
	}
	if keepAlive <= 0 {
		keepAlive = DefaultFeedKeepAlive
	}
	c.Header("Content-Type", "application/x-ndjson")
	c.Header("Cache-Control", "no-store")
	c.Header("X-Accel-Buffering", "no") // a proxy must not hold the lines back
	c.Status(http.StatusOK)
	c.Writer.WriteHeaderNow()
	c.Writer.Flush()

	ticker := time.NewTicker(poll)
	defer ticker.Stop()
	quiet := time.NewTimer(keepAlive)
	defer quiet.Stop()
	var buf bytes.Buffer
	for {
		// Take the wake-up channel before reading, so that an event logged
		// between the read and the wait is not missed.
		wake := s.Service.FeedWake()
		events, next, err := s.Service.FeedEvents(ctx, view, id, after, 500)
		if err != nil {
			if ctx.Err() == nil {
				s.Logger.Error("event feed", "contest", id, "err", err)
			}
			return
		}
		// Rows were read: there may be more behind them. Only a read that
		// finds nothing new waits.
		more := next != after
		after = next
		if len(events) > 0 {
			buf.Reset()
			for _, e := range events {
				buf.Write(feedLineOf(e))
				buf.WriteByte('\n')
			}
			if _, err := c.Writer.Write(buf.Bytes()); err != nil {
				return
			}
			c.Writer.Flush()
			quiet.Reset(keepAlive)
		}
		if more {
			continue
		}
		if !stream {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-wake:
		case _, ok := <-changes:
			if !ok {
				changes = nil
				continue
			}
			if err := s.Service.SyncFeed(ctx, id, service.FeedPollSince(time.Now())); err != nil && ctx.Err() == nil {
				s.Logger.Error("event feed: sync", "contest", id, "err", err)
			}
		case now := <-ticker.C:
			if err := s.Service.SyncFeed(ctx, id, service.FeedPollSince(now)); err != nil && ctx.Err() == nil {
				s.Logger.Error("event feed: sync", "contest", id, "err", err)
			}
		case <-quiet.C:
			if _, err := c.Writer.Write([]byte("\n")); err != nil {
				return
			}
			c.Writer.Flush()
			quiet.Reset(keepAlive)
		}
	}
}
