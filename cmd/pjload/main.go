// Command pjload drives a running judged with an open-loop load made with
// vegeta's library: it registers students, then sends a mix of problem
// pages, API reads, move submissions and answer submissions at a fixed rate,
// whatever the server's latency (requests are not held back by slow
// answers), and prints per kind the achieved rate, p50/p90/p99 latency and
// errors, then the submit-to-verdict latency of the submissions (judged_at
// minus created_at, both the server's clock; it reads them as the
// instructor, whose password it takes from PJLOAD_ADMIN_PASSWORD).
//
//	go run ./cmd/pjload -url http://127.0.0.1:8080 -rate 3000 -duration 30s -mix moves=1
//	go run ./cmd/pjload -problem rotation -rate 500 -mix moves=1,answer=1
//	go run ./cmd/pjload -rate 5000 -mix page=1
//	go run ./cmd/pjload -rate 1000 -mix page=4,api=3,moves=2,answer=1
//
// It reads and submits to one problem, -problem (by default the first the
// server lists), moves on a sample case and an answer made of the samples'
// expected answers. The server needs submit_rate: 0 (or a budget above the
// rate per user) and open registration. The figures are in
// docs/PERFORMANCE.md, "Load".
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/signal"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	vegeta "github.com/tsenart/vegeta/v12/lib"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "pjload:", err)
		os.Exit(1)
	}
}

// kinds are the requests pjload can send, in report order.
var kinds = []string{"page", "api", "moves", "answer"}

type options struct {
	base     string
	rate     int
	duration time.Duration
	mix      map[string]int
	users    int
	slug     string
	verdicts int
	timeout  time.Duration
	adminPW  string
}

func run(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("pjload", flag.ContinueOnError)
	var o options
	var mix string
	fs.StringVar(&o.base, "url", "http://127.0.0.1:8080", "base URL of the server")
	fs.IntVar(&o.rate, "rate", 1000, "requests per second in all (open loop)")
	fs.DurationVar(&o.duration, "duration", 30*time.Second, "how long to send")
	fs.StringVar(&mix, "mix", "page=4,api=3,moves=2,answer=1", "weights of page, api, moves, answer")
	fs.IntVar(&o.users, "users", 50, "students to register and submit as")
	fs.StringVar(&o.slug, "problem", "", "problem to read and submit to (default: the first the server lists)")
	fs.IntVar(&o.verdicts, "verdicts", 2000, "submissions whose verdict latency is measured (a sample)")
	fs.DurationVar(&o.timeout, "timeout", 10*time.Second, "timeout of one request")
	if err := fs.Parse(args); err != nil {
		return err
	}
	var err error
	if o.mix, err = parseMix(mix); err != nil {
		return err
	}
	o.base = strings.TrimRight(o.base, "/")
	o.adminPW = os.Getenv("PJLOAD_ADMIN_PASSWORD")
	client := &http.Client{Timeout: o.timeout}

	tokens, err := register(ctx, client, o)
	if err != nil {
		return err
	}
	if o.slug == "" {
		if o.slug, err = firstProblem(ctx, client, o); err != nil {
			return err
		}
	}
	sm, err := readSamples(ctx, client, o)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "pjload: %s, problem %s, %d req/s for %s, mix %s, %d students, %d cores here (GOMAXPROCS %d)\n",
		o.base, o.slug, o.rate, o.duration, mix, len(tokens), runtime.NumCPU(), runtime.GOMAXPROCS(0))

	weight := 0
	for _, w := range o.mix {
		weight += w
	}
	var (
		wg      sync.WaitGroup
		mu      sync.Mutex
		metrics = map[string]*vegeta.Metrics{}
		ids     []int64
	)
	for _, kind := range kinds {
		w := o.mix[kind]
		if w == 0 {
			continue
		}
		freq := o.rate * w / weight
		if freq == 0 {
			continue
		}
		m := &vegeta.Metrics{}
		metrics[kind] = m
		targeter := targeterFor(kind, o, tokens, sm)
		atk := vegeta.NewAttacker(vegeta.Timeout(o.timeout), vegeta.KeepAlive(true),
			vegeta.Connections(1000), vegeta.MaxBody(4096))
		wg.Go(func() {
			stop := context.AfterFunc(ctx, func() { atk.Stop() }) // Ctrl-C ends the attack, the report still comes
			defer stop()
			for r := range atk.Attack(targeter, vegeta.Rate{Freq: freq, Per: time.Second}, o.duration, kind) {
				m.Add(r)
				if (kind == "moves" || kind == "answer") && r.Code == http.StatusAccepted {
					if id, ok := submissionID(r.Body); ok {
						mu.Lock()
						if len(ids) < o.verdicts {
							ids = append(ids, id)
						} else if r.Seq%50 == 0 { // and a thin sample of the rest of the run
							ids[int(r.Seq/50)%len(ids)] = id
						}
						mu.Unlock()
					}
				}
			}
			m.Close()
		})
	}
	wg.Wait()

	fmt.Fprintf(out, "%-7s %8s %9s %9s %9s %9s %9s %8s  %s\n", "kind", "requests", "sent/s", "ok/s", "p50", "p90", "p99", "success", "status codes, errors")
	for _, kind := range kinds {
		m, ok := metrics[kind]
		if !ok {
			continue
		}
		fmt.Fprintf(out, "%-7s %8d %9.0f %9.0f %9s %9s %9s %7.2f%%  %v %s\n", kind, m.Requests, m.Rate, m.Throughput,
			round(m.Latencies.P50), round(m.Latencies.P90), round(m.Latencies.P99), 100*m.Success, m.StatusCodes, firstErrors(m.Errors))
	}
	if len(ids) == 0 {
		return nil
	}
	if o.adminPW == "" {
		fmt.Fprintln(out, "submit-to-verdict: not measured (give the instructor's password in PJLOAD_ADMIN_PASSWORD to read the submissions)")
		return nil
	}
	var tok struct{ Token string }
	if err := call(ctx, client, "POST", o.base+"/api/v1/tokens", "", map[string]string{"username": "admin", "password": o.adminPW}, http.StatusCreated, &tok); err != nil {
		return fmt.Errorf("admin login: %w", err)
	}
	return verdictLatency(ctx, client, o, tok.Token, ids, out)
}

// parseMix reads "page=4,api=3,moves=2,answer=1".
func parseMix(s string) (map[string]int, error) {
	mix := map[string]int{}
	for _, part := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		n, err := strconv.Atoi(v)
		if !ok || err != nil || n < 0 || !slices.Contains(kinds, k) {
			return nil, fmt.Errorf("-mix: %q is not kind=weight with kind one of %v", part, kinds)
		}
		mix[k] = n
	}
	return mix, nil
}

// targeterFor returns the requests of one kind, cycling through the
// students' tokens.
func targeterFor(kind string, o options, tokens []string, sm samples) vegeta.Targeter {
	var n atomic.Uint64
	subURL := o.base + "/api/v1/problems/" + o.slug + "/submissions"
	movesBody, _ := json.Marshal(map[string]any{"kind": "moves", "case": sm.caseID, "moves": sm.moves})
	answerBody, _ := json.Marshal(map[string]any{"kind": "answer", "output": sm.answer})
	return func(t *vegeta.Target) error {
		i := n.Add(1)
		*t = vegeta.Target{Method: "GET", Header: http.Header{}}
		switch kind {
		case "page":
			t.URL = o.base + "/problems/" + o.slug
		case "api":
			t.URL = o.base + "/api/v1/problems/" + o.slug
		case "moves", "answer":
			t.Method, t.URL, t.Body = "POST", subURL, movesBody
			if kind == "answer" {
				t.Body = answerBody
			}
			t.Header.Set("Content-Type", "application/json")
			t.Header.Set("Authorization", "Bearer "+tokens[i%uint64(len(tokens))])
		}
		return nil
	}
}

// register creates o.users students (new names each run) and logs them in.
func register(ctx context.Context, c *http.Client, o options) ([]string, error) {
	prefix := "load" + strconv.FormatInt(time.Now().UnixNano()%1e9, 36)
	tokens := make([]string, o.users)
	for i := range tokens {
		cred := map[string]string{"username": fmt.Sprintf("%s-%d", prefix, i), "password": "load-password-1"}
		if err := call(ctx, c, "POST", o.base+"/api/v1/register", "", cred, http.StatusCreated, nil); err != nil {
			return nil, fmt.Errorf("register: %w", err)
		}
		var tok struct{ Token string }
		if err := call(ctx, c, "POST", o.base+"/api/v1/tokens", "", cred, http.StatusCreated, &tok); err != nil {
			return nil, fmt.Errorf("log in: %w", err)
		}
		tokens[i] = tok.Token
	}
	return tokens, nil
}

// firstProblem returns the slug of the first problem the server lists.
func firstProblem(ctx context.Context, c *http.Client, o options) (string, error) {
	var list []struct{ Slug string }
	if err := call(ctx, c, "GET", o.base+"/api/v1/problems", "", nil, 200, &list); err != nil {
		return "", err
	}
	if len(list) == 0 {
		return "", fmt.Errorf("the server lists no problem")
	}
	return list[0].Slug, nil
}

// samples is what pjload submits: a sample case with its optimal moves, and
// an answer made of the samples' expected answers (wrong on the cases after
// them, and judged like any other).
type samples struct {
	caseID int64
	moves  string
	answer string
}

// readSamples reads the expected solutions of the problem's samples (public
// for samples), waiting until they are solved.
func readSamples(ctx context.Context, c *http.Client, o options) (samples, error) {
	var p struct {
		Cases []struct {
			ID     int64
			Sample bool
		}
	}
	if err := call(ctx, c, "GET", o.base+"/api/v1/problems/"+o.slug, "", nil, 200, &p); err != nil {
		return samples{}, err
	}
	var sm samples
	for _, cs := range p.Cases {
		if !cs.Sample {
			continue
		}
		for range 600 {
			var d struct {
				Status   string
				Expected *struct{ Answer, Moves string }
			}
			if err := call(ctx, c, "GET", fmt.Sprintf("%s/api/v1/problems/%s/cases/%d", o.base, o.slug, cs.ID), "", nil, 200, &d); err != nil {
				return samples{}, err
			}
			if d.Status == "ready" && d.Expected != nil {
				sm.answer += strings.TrimRight(d.Expected.Answer, "\n") + "\n"
				if sm.moves == "" && d.Expected.Moves != "" {
					sm.caseID, sm.moves = cs.ID, d.Expected.Moves
				}
			}
			if d.Status != "solving" {
				break
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	if sm.moves == "" {
		return samples{}, fmt.Errorf("problem %s has no solved sample case with moves", o.slug)
	}
	return sm, nil
}

// verdictLatency waits for the sampled submissions and prints the
// distribution of judged_at - created_at.
func verdictLatency(ctx context.Context, c *http.Client, o options, token string, ids []int64, out io.Writer) error {
	var lat []time.Duration
	var missing int
	deadline := time.Now().Add(2 * time.Minute)
	for _, id := range ids {
		for {
			var s struct {
				Status    string
				CreatedAt time.Time  `json:"created_at"`
				JudgedAt  *time.Time `json:"judged_at"`
			}
			err := call(ctx, c, "GET", fmt.Sprintf("%s/api/v1/submissions/%d", o.base, id), token, nil, 200, &s)
			if err != nil {
				missing++
				break
			}
			if s.Status == "done" && s.JudgedAt != nil {
				lat = append(lat, s.JudgedAt.Sub(s.CreatedAt))
				break
			}
			if time.Now().After(deadline) || ctx.Err() != nil {
				return fmt.Errorf("submission %d still %s", id, s.Status)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	if len(lat) == 0 {
		fmt.Fprintf(out, "submit-to-verdict: not measured (%d submissions unreadable)\n", missing)
		return nil
	}
	slices.Sort(lat)
	q := func(f float64) time.Duration { return lat[int(f*float64(len(lat)-1))] }
	fmt.Fprintf(out, "submit-to-verdict (%d submissions sampled): p50 %s, p90 %s, p99 %s, max %s\n",
		len(lat), round(q(.5)), round(q(.9)), round(q(.99)), round(q(1)))
	return nil
}

func call(ctx context.Context, c *http.Client, method, url, token string, body any, want int, out any) error {
	var rd io.Reader
	if body != nil {
		data, _ := json.Marshal(body)
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, rd)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != want {
		return fmt.Errorf("%s %s = %d: %s", method, url, resp.StatusCode, data)
	}
	if out != nil {
		return json.Unmarshal(data, out)
	}
	return nil
}

func submissionID(body []byte) (int64, bool) {
	var acc struct{ ID int64 }
	if json.Unmarshal(body, &acc) != nil || acc.ID == 0 {
		return 0, false
	}
	return acc.ID, true
}

func round(d time.Duration) time.Duration {
	switch {
	case d > time.Second:
		return d.Round(10 * time.Millisecond)
	case d > time.Millisecond:
		return d.Round(10 * time.Microsecond)
	}
	return d.Round(time.Microsecond)
}

func firstErrors(errs []string) string {
	if len(errs) > 3 {
		return strings.Join(errs[:3], "; ") + fmt.Sprintf("; ... (%d)", len(errs))
	}
	return strings.Join(errs, "; ")
}
