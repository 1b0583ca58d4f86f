package main

import (
	"context"
	"fmt"
	"net/http"

	"puzzlejudge/judge/service"
	"puzzlejudge/web"
)

// The roles of a judged process (issue 15, "Roles"). Several processes share
// one PostgreSQL database: web processes serve HTTP and store submissions,
// workers judge them and solve the boards, and every claim is made in the
// database, so that any mix of them judges each submission once.
const (
	// RoleAll is one process doing everything: the only role on SQLite.
	RoleAll = "all"
	// RoleWeb serves the pages and the API, stores submissions and answers
	// POST /check within the request (with its own solver limits); it runs
	// no judging workers and no background solves.
	RoleWeb = "web"
	// RoleWorker judges submissions and runs the background solves; over
	// HTTP it answers only /healthz and /metrics, for the supervisor and
	// the monitoring.
	RoleWorker = "worker"
)

// withRole returns getenv with JUDGE_ROLE answered by the -role flag when it
// was given: the flag beats the environment, which beats the file.
func withRole(getenv func(string) string, role string) func(string) string {
	if role == "" {
		return getenv
	}
	return func(name string) string {
		if name == "JUDGE_ROLE" {
			return role
		}
		return getenv(name)
	}
}

// validateRole reports a role that is unknown, or one that needs a database
// several processes can share.
func (c Config) validateRole() error {
	switch c.Role {
	case RoleAll:
		return nil
	case RoleWeb, RoleWorker:
		if c.Database.Driver != "postgres" {
			return fmt.Errorf("role: %q needs database.driver postgres; SQLite serves one process, so run a single judged with role all", c.Role)
		}
		return nil
	}
	return fmt.Errorf("role: %q is not one of all, web, worker", c.Role)
}

// startWorkers starts the judging workers and the solvers, unless this
// process only serves the web. A web process leaves the submissions it
// stores and the boards instructors add to the workers, which find them in
// the database (a submission within poll_interval).
func startWorkers(ctx context.Context, cfg Config, svc *service.Service) error {
	if cfg.Role == RoleWeb {
		return nil
	}
	return svc.Start(ctx)
}

// handlerFor returns what this process serves over HTTP: everything, or for
// a worker only /healthz and /metrics.
func handlerFor(cfg Config, srv *web.Server) http.Handler {
	if cfg.Role == RoleWorker {
		return srv.WorkerRouter()
	}
	return srv.Router()
}
