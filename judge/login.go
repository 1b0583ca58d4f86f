package judge

import (
	"context"
	"time"
)

// LoginBucket is one token bucket of the login limiter (web/httpx), kept in
// the database so that every web process counts the same failed logins: a
// client guessing passwords cannot spread its guesses over the processes
// behind a proxy. Found is false for a key with no bucket yet.
type LoginBucket struct {
	Key    string
	Tokens float64
	Last   time.Time
	Found  bool
}

// LoginStore keeps the login limiter's buckets. Every Store is one;
// cmd/judged hands the database to the web's limiter (web.Options.Logins),
// and a limiter given none keeps its buckets in this process's memory.
type LoginStore interface {
	// UpdateLoginBuckets reads the buckets of keys, in the order given,
	// and calls update with them in one transaction that holds them
	// against other processes' updates; the buckets update returns are
	// written (none: nothing is). When it returns an error nothing is
	// written.
	UpdateLoginBuckets(ctx context.Context, keys []string, update func([]LoginBucket) ([]LoginBucket, error)) error
	// DeleteLoginBuckets deletes the buckets last changed before before.
	DeleteLoginBuckets(ctx context.Context, before time.Time) error
}
