package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// client calls the JSON API of one server with one token (or none).
type client struct {
	base  string // e.g. http://localhost:8080, without /api/v1
	token string
	http  *http.Client
}

func newClient(base, token string) *client {
	// No overall timeout: /check solves a board within the request and
	// --wait bounds itself; ctx (Ctrl-C) ends any call.
	return &client{base: base, token: token, http: &http.Client{}}
}

// apiError is an error answer of the API, {"error":{"code","message"}}.
type apiError struct {
	Status  int
	Code    string
	Message string
	Method  string
	Path    string
	// needsLogin is set when the request carried no token at all.
	needsLogin bool
}

func (e *apiError) Error() string {
	msg := e.Message
	if msg == "" {
		msg = http.StatusText(e.Status)
	}
	if e.Status == http.StatusUnauthorized && e.needsLogin {
		return msg + ": log in with 'pj login URL USERNAME', or set PJ_TOKEN"
	}
	if e.Code != "" {
		return fmt.Sprintf("%s (%d %s)", msg, e.Status, e.Code)
	}
	return fmt.Sprintf("%s (%d)", msg, e.Status)
}

// exitCode is 2 for a request the server refused as the caller's mistake
// (a bad board, a wrong slug, no permission) and 3 for the server's own
// trouble (5xx) or a rate limit that a later run may pass.
func (e *apiError) exitCode() int {
	if e.Status >= 400 && e.Status < 500 && e.Status != http.StatusTooManyRequests {
		return exitUsage
	}
	return exitServer
}

// networkError is a server that could not be reached or answered nonsense.
type networkError struct{ err error }

func (e *networkError) Error() string { return e.err.Error() }
func (e *networkError) Unwrap() error { return e.err }

// response is a successful answer: its status, headers and whole body.
type response struct {
	Status int
	Header http.Header
	Body   []byte
}

// decode unmarshals the body into out.
func (r *response) decode(out any) error {
	if err := json.Unmarshal(r.Body, out); err != nil {
		return &networkError{fmt.Errorf("the server's answer is not the expected JSON: %v", err)}
	}
	return nil
}

// do sends a request to path (under /api/v1) and returns the answer when
// its status is 2xx, an *apiError otherwise. body is sent as is with
// contentType; a nil body sends nothing.
func (c *client) do(ctx context.Context, method, path string, body io.Reader, contentType string, header http.Header) (*response, error) {
	url := c.base + "/api/v1" + path
	req, err := http.NewRequestWithContext(ctx, method, url, body)
	if err != nil {
		return nil, &inputError{fmt.Errorf("server URL %q: %v", c.base, err)}
	}
	for k, vs := range header {
		req.Header[k] = vs
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", "pj")
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, &networkError{fmt.Errorf("cannot reach %s: %v", c.base, unwrapURLError(err))}
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, &networkError{fmt.Errorf("%s %s: reading the answer: %v", method, path, err)}
	}
	if resp.StatusCode >= 200 && resp.StatusCode < 300 {
		return &response{Status: resp.StatusCode, Header: resp.Header, Body: data}, nil
	}
	ae := &apiError{Status: resp.StatusCode, Method: method, Path: path, needsLogin: c.token == "" && path != "/tokens"}
	var eb struct {
		Error struct {
			Code    string `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if json.Unmarshal(data, &eb) == nil {
		ae.Code, ae.Message = eb.Error.Code, eb.Error.Message
	}
	// The server's rate limits and busy answers say when already ("try
	// again in 2 s"); only a message that does not gets the header's wait.
	if ae.Status == http.StatusTooManyRequests || ae.Status == http.StatusServiceUnavailable {
		if after := resp.Header.Get("Retry-After"); after != "" && !strings.Contains(ae.Message, "try again") {
			ae.Message += " (retry after " + after + " s)"
		}
	}
	return nil, ae
}

// unwrapURLError drops net/http's "Get \"url\": " prefix, which repeats
// what the message already says.
func unwrapURLError(err error) error {
	var ue interface{ Unwrap() error }
	if errors.As(err, &ue) && strings.Contains(err.Error(), "\": ") {
		if inner := ue.Unwrap(); inner != nil {
			return inner
		}
	}
	return err
}

// getJSON sends a GET and decodes the JSON answer into out (when not nil).
func (c *client) getJSON(ctx context.Context, path string, out any) (*response, error) {
	resp, err := c.do(ctx, http.MethodGet, path, nil, "", nil)
	if err != nil {
		return nil, err
	}
	if out != nil {
		return resp, resp.decode(out)
	}
	return resp, nil
}

// sendJSON sends in as a JSON body and decodes the JSON answer into out
// (when not nil).
func (c *client) sendJSON(ctx context.Context, method, path string, in, out any, header http.Header) (*response, error) {
	data, err := json.Marshal(in)
	if err != nil {
		return nil, err
	}
	resp, err := c.do(ctx, method, path, bytes.NewReader(data), "application/json", header)
	if err != nil {
		return nil, err
	}
	if out != nil && len(resp.Body) > 0 {
		return resp, resp.decode(out)
	}
	return resp, nil
}

// pollDelay is the wait before the n-th poll of a submission: quick at
// first (most verdicts take well under a second), then every two seconds.
func pollDelay(n int) time.Duration {
	d := 100 * time.Millisecond << min(n, 5)
	return min(d, 2*time.Second)
}
