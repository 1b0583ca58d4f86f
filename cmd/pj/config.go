package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// config is the one file pj keeps: the server of the last login and its
// token. It lives at <user config dir>/pj/config.json, the folder 0700 and
// the file 0600, since the token is as good as the password for the API.
type config struct {
	Server   string `json:"server"`
	Username string `json:"username"`
	Token    string `json:"token"`
}

// configPath returns the path of pj's config file.
func configPath() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", &inputError{fmt.Errorf("no config directory: %w (set PJ_SERVER and PJ_TOKEN instead)", err)}
	}
	return filepath.Join(dir, "pj", "config.json"), nil
}

// loadConfig reads the config file; a missing file is an empty config.
func loadConfig() (config, error) {
	var c config
	path, err := configPath()
	if err != nil {
		return c, err
	}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return c, nil
	}
	if err != nil {
		return c, &inputError{err}
	}
	if err := json.Unmarshal(data, &c); err != nil {
		return c, &inputError{fmt.Errorf("%s: %w (delete it and log in again)", path, err)}
	}
	return c, nil
}

// saveConfig writes c atomically: a temporary file in the same folder,
// renamed over the old one, so that an interrupted login never leaves half a
// token behind.
func saveConfig(c config) (string, error) {
	path, err := configPath()
	if err != nil {
		return "", err
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", &inputError{err}
	}
	// MkdirAll leaves an existing folder's mode alone; the token must not
	// be readable by others whatever made the folder.
	if err := os.Chmod(dir, 0o700); err != nil {
		return "", &inputError{err}
	}
	data, err := json.MarshalIndent(c, "", "  ")
	if err != nil {
		return "", err
	}
	tmp, err := os.CreateTemp(dir, ".config-*.json")
	if err != nil {
		return "", &inputError{err}
	}
	defer os.Remove(tmp.Name()) // after a successful rename there is nothing left to remove
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		return "", &inputError{err}
	}
	if _, err := tmp.Write(append(data, '\n')); err != nil {
		tmp.Close()
		return "", &inputError{err}
	}
	if err := tmp.Close(); err != nil {
		return "", &inputError{err}
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return "", &inputError{err}
	}
	return path, nil
}

// removeConfig deletes the config file (logout); a missing file is fine.
func removeConfig() error {
	path, err := configPath()
	if err != nil {
		return err
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return &inputError{err}
	}
	return nil
}

// normalizeServer turns "localhost:8080" into "http://localhost:8080" and
// drops a trailing slash or /api/v1, so that every spelling of one server
// compares equal.
func normalizeServer(s string) string {
	s = strings.TrimSpace(s)
	if !strings.Contains(s, "://") {
		s = "http://" + s
	}
	s = strings.TrimRight(s, "/")
	s = strings.TrimSuffix(s, "/api/v1")
	return strings.TrimRight(s, "/")
}

// endpoint decides the server and the token of a command: --server, then
// PJ_SERVER, then the login's server; PJ_TOKEN, then the login's token, but
// only when the login was made on that same server (a token is never sent
// to a server it was not issued by). With none of the three there is no
// server to guess: a usage error says to log in, as 'pj token' does,
// rather than trying localhost and failing as an unreachable server.
func (a *app) endpoint() (server, token string, err error) {
	c, err := loadConfig()
	if err != nil {
		return "", "", err
	}
	server = a.server
	if server == "" {
		server = a.env("PJ_SERVER")
	}
	if server == "" {
		server = c.Server
	}
	if server == "" {
		return "", "", usageErrorf("not logged in: run 'pj login URL USERNAME' first (or set PJ_SERVER and PJ_TOKEN)")
	}
	server = normalizeServer(server)
	token = a.env("PJ_TOKEN")
	if token == "" && c.Token != "" && normalizeServer(c.Server) == server {
		token = c.Token
	}
	return server, token, nil
}

// client returns an API client for the command's server and token.
func (a *app) client() (*client, error) {
	server, token, err := a.endpoint()
	if err != nil {
		return nil, err
	}
	return newClient(server, token), nil
}

// show asks the server (GET when body is nil, else method with body as
// JSON) and reads its answer into a T: under --json it prints the API's own
// JSON, else what text makes of the value. The commands that show one
// answer share it.
func show[T any](a *app, method, path string, body any, text func(v T) error) error {
	c, err := a.client()
	if err != nil {
		return err
	}
	var v T
	var resp *response
	if body == nil {
		resp, err = c.getJSON(a.ctx, path, &v)
	} else {
		resp, err = c.sendJSON(a.ctx, method, path, body, &v, nil)
	}
	if err != nil {
		return err
	}
	if a.jsonOut {
		return a.printBody(resp.Body)
	}
	return text(v)
}

// get reads the answer to GET path into out, as the command's login.
func (a *app) get(path string, out any) (*response, error) {
	c, err := a.client()
	if err != nil {
		return nil, err
	}
	return c.getJSON(a.ctx, path, out)
}
