package judge

import "context"

// Health is the state of the judge as /healthz reports it.
type Health struct {
	OK bool
	// Reason says, when not OK, what is wrong, in words an operator can
	// act on and a user may read.
	Reason string
}

// Health checks that the database answers and takes a write: a database
// that answers reads while its disk is full would otherwise look healthy
// while every submission fails.
func (s *Service) Health(ctx context.Context) Health {
	if err := s.store.Ping(ctx); err != nil {
		s.log.Warn("health check: the database does not answer", "err", err)
		return Health{Reason: "the database does not answer"}
	}
	switch err := s.store.Heartbeat(ctx); {
	case err == nil:
		return Health{OK: true}
	case ErrorCode(err) == EUNAVAILABLE:
		return Health{Reason: ErrorMessage(err)} // the store logs it, once a minute
	default:
		s.log.Warn("health check: the database refuses a write", "err", err)
		return Health{Reason: "the database refuses writes"}
	}
}
