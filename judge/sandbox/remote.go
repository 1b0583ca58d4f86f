package sandbox

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/criyle/go-judge/cmd/go-judge/model"
	"github.com/criyle/go-judge/envexec"
)

// RemoteConfig configures a runner over go-judge servers.
type RemoteConfig struct {
	Config
	// URLs are the go-judge servers (`go-judge -http-addr ...`); runs go to
	// the least busy one.
	URLs []string
	// Token is the servers' -auth-token, if they have one.
	Token string
	// Client makes the requests; default one with no overall timeout (a
	// run's own limits bound it) and keep-alive.
	Client *http.Client
}

// NewRemote returns a Runner over the go-judge servers of cfg.URLs. Every
// server must answer /version; when one does not, the error is an
// *UnavailableError naming it.
//
// The servers' file cap (-output-limit) bounds what a program may write to
// a file; stdin and stdout travel as JSON strings, so they are text.
func NewRemote(ctx context.Context, cfg RemoteConfig) (Runner, error) {
	if len(cfg.URLs) == 0 {
		return nil, errors.New("sandbox: no go-judge URL")
	}
	client := cfg.Client
	if client == nil {
		client = &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64, IdleConnTimeout: time.Minute}}
	}
	var backends []backend
	for _, raw := range cfg.URLs {
		u, err := url.Parse(strings.TrimRight(raw, "/"))
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, fmt.Errorf("sandbox: go-judge URL %q: want http://host:port", raw)
		}
		rb := &remote{base: u.String(), token: cfg.Token, client: client}
		if err := rb.ping(ctx); err != nil {
			return nil, &UnavailableError{Reason: "go-judge at " + rb.base + " does not answer", Err: err}
		}
		backends = append(backends, rb)
	}
	r, err := start(ctx, cfg.Config, backends)
	if err != nil {
		return nil, err
	}
	return r, nil
}

// remote is the backend of one go-judge server, over its REST API.
type remote struct {
	base   string
	token  string
	client *http.Client
}

func (b *remote) String() string { return "go-judge at " + b.base }

func (b *remote) ping(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var v struct {
		BuildVersion string `json:"buildVersion"`
	}
	if err := b.do(ctx, http.MethodGet, "/version", nil, "", &v); err != nil {
		return err
	}
	if v.BuildVersion == "" {
		return errors.New("/version answered no buildVersion: not a go-judge server")
	}
	return nil
}

// do sends one request and decodes a JSON answer into out (when not nil).
func (b *remote) do(ctx context.Context, method, path string, body io.Reader, contentType string, out any) error {
	req, err := http.NewRequestWithContext(ctx, method, b.base+path, body)
	if err != nil {
		return err
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if b.token != "" {
		req.Header.Set("Authorization", "Bearer "+b.token)
	}
	resp, err := b.client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		msg, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
		return fmt.Errorf("%s %s: %s: %s", method, path, resp.Status, bytes.TrimSpace(msg))
	}
	if out == nil {
		_, err := io.Copy(io.Discard, resp.Body)
		return err
	}
	if raw, ok := out.(*[]byte); ok {
		*raw, err = io.ReadAll(resp.Body)
		return err
	}
	return json.NewDecoder(resp.Body).Decode(out)
}

func (b *remote) exec(ctx context.Context, c execCmd) (execResult, error) {
	stdin := string(c.stdin)
	stdout, stderr := "stdout", "stderr"
	stdoutMax, stderrMax := c.stdoutMax, c.stderrMax
	cmd := model.Cmd{
		Args: c.args,
		Env:  c.env,
		Files: []*model.CmdFile{
			{Content: &stdin},
			{Name: &stdout, Max: &stdoutMax},
			{Name: &stderr, Max: &stderrMax},
		},
		CPULimit:    uint64(c.cpu),
		ClockLimit:  uint64(c.wall),
		MemoryLimit: uint64(c.memory),
		StackLimit:  uint64(c.memory),
		ProcLimit:   uint64(c.procs),
		CopyIn:      make(map[string]model.CmdFile, len(c.copyIn)),
		CopyOut:     []string{stdout, stderr},
		CopyOutMax:  uint64(c.fileMax),
	}
	for name, f := range c.copyIn {
		if f.id != "" {
			id := f.id
			cmd.CopyIn[name] = model.CmdFile{FileID: &id}
		} else {
			content := string(f.content)
			cmd.CopyIn[name] = model.CmdFile{Content: &content}
		}
	}
	for _, name := range c.keep {
		cmd.CopyOutCached = append(cmd.CopyOutCached, name+"?")
	}
	body, err := json.Marshal(model.Request{Cmd: []model.Cmd{cmd}})
	if err != nil {
		return execResult{}, err
	}
	var results []remoteResult
	if err := b.do(ctx, http.MethodPost, "/run", bytes.NewReader(body), "application/json", &results); err != nil {
		return execResult{}, err
	}
	if len(results) != 1 {
		return execResult{}, fmt.Errorf("go-judge answered %d results for one command", len(results))
	}
	r := results[0]
	out := execResult{
		exitStatus: r.ExitStatus,
		message:    r.Error,
		cpu:        time.Duration(r.Time),
		wall:       time.Duration(r.RunTime),
		memory:     int64(r.Memory),
		stdout:     []byte(r.Files[stdout]),
		stderr:     []byte(r.Files[stderr]),
		kept:       r.FileIDs,
	}
	out.status, err = statusOf(envexec.Status(r.Status), r.Error)
	if err != nil {
		for _, id := range out.kept {
			b.remove(id)
		}
		return execResult{}, err
	}
	return out, nil
}

// remoteResult is model.Result without its fileError list, which go-judge
// v1.8.5 writes with type names ("CollectSizeExceeded") that its own
// FileErrorType does not read back.
type remoteResult struct {
	Status     model.Status      `json:"status"`
	ExitStatus int               `json:"exitStatus"`
	Error      string            `json:"error"`
	Time       uint64            `json:"time"`
	Memory     uint64            `json:"memory"`
	RunTime    uint64            `json:"runTime"`
	Files      map[string]string `json:"files"`
	FileIDs    map[string]string `json:"fileIds"`
}

func (b *remote) download(ctx context.Context, id string) ([]byte, error) {
	var data []byte
	err := b.do(ctx, http.MethodGet, "/file/"+url.PathEscape(id), nil, "", &data)
	return data, err
}

func (b *remote) upload(ctx context.Context, name string, data []byte) (string, error) {
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	part, err := w.CreateFormFile("file", name)
	if err != nil {
		return "", err
	}
	if _, err := part.Write(data); err != nil {
		return "", err
	}
	if err := w.Close(); err != nil {
		return "", err
	}
	var id string
	err = b.do(ctx, http.MethodPost, "/file", &body, w.FormDataContentType(), &id)
	return id, err
}

// remove deletes a file the cache dropped; a failure only leaves a file
// on the server (its -file-timeout, when set, collects it).
func (b *remote) remove(id string) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_ = b.do(ctx, http.MethodDelete, "/file/"+url.PathEscape(id), nil, "", nil)
}

func (b *remote) close() error { return nil }
