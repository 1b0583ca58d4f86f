package store

import (
	"context"
	"errors"
	"sync"

	"puzzlejudge/judge"
)

// maxGroup bounds the submissions committed in one transaction.
const maxGroup = 256

// errClosed is what an insert gets once the database is closing.
var errClosed = errors.New("store: the database is closed")

// committer groups the inserts of concurrent CreateSubmission calls: one
// goroutine takes an insert, adds every other that is already waiting, and
// writes them in one transaction. While that commit runs (with
// synchronous=FULL, the sync of the disk is most of its time), the next
// callers queue up and go together in the next one; a lone caller waits for
// no one.
type committer struct {
	requests chan *insertRequest
	quit     chan struct{}
	stop     sync.Once
	done     chan struct{}
	// write stores a group in one transaction, setting the id of each; its
	// error is the error of every request of the group.
	write func(group []*insertRequest) error
}

// insertRequest is one CreateSubmission waiting for its commit.
type insertRequest struct {
	sub  judge.Submission
	id   int64
	err  error
	done chan struct{}
}

func newCommitter(write func([]*insertRequest) error) *committer {
	c := &committer{
		requests: make(chan *insertRequest), // unbuffered: a request handed over is never left behind by close
		quit:     make(chan struct{}),
		done:     make(chan struct{}),
		write:    write,
	}
	go c.run()
	return c
}

func (c *committer) run() {
	defer close(c.done)
	group := make([]*insertRequest, 0, maxGroup)
	for {
		select {
		case r := <-c.requests:
			group = append(group[:0], r)
		case <-c.quit:
			return
		}
	gather:
		for len(group) < maxGroup {
			select {
			case r := <-c.requests:
				group = append(group, r)
			default:
				break gather
			}
		}
		err := c.write(group)
		for _, r := range group {
			if err != nil {
				r.err, r.id = err, 0
			}
			close(r.done)
		}
	}
}

// insert stores s with the next group and returns its id. Once handed over,
// the request is waited for even if ctx ends: the row may be committed, and
// the caller must not be told otherwise.
func (c *committer) insert(ctx context.Context, s judge.Submission) (int64, error) {
	r := &insertRequest{sub: s, done: make(chan struct{})}
	select {
	case c.requests <- r:
	case <-ctx.Done():
		return 0, ctx.Err()
	case <-c.quit:
		return 0, errClosed
	}
	<-r.done
	return r.id, r.err
}

// close stops taking inserts and waits for the group being written.
func (c *committer) close() {
	c.stop.Do(func() { close(c.quit) })
	<-c.done
}
