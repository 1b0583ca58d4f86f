package service

import (
	"context"
	"fmt"
	"sync"
	"time"

	"puzzlejudge/judge"
)

// solverSlots is the one pool of reference solves of a process, shared by
// the background solves of cases and by Check. Before it, /check had its
// own pool of one slot per core that anyone could fill: one student with
// four 30x30 boards made everybody else's check wait a minute or more, past
// the write timeout. Now
//   - a user holds at most one running check solve;
//   - students' checks leave reserved slots free, for the solves of the
//     cases instructors add and for instructors' own checks;
//   - a check that gets no slot within a few seconds is refused with a
//     RetryError instead of waiting for the connection to time out.
type solverSlots struct {
	total, reserved int

	mu       sync.Mutex
	used     int            // slots held
	students int            // slots held by students' checks
	users    map[int64]bool // users with a check solve running
	changed  chan struct{}  // closed and replaced whenever a slot frees
}

func newSolverSlots(total int) *solverSlots {
	reserved := 0
	if total >= 2 {
		reserved = 1
	}
	return &solverSlots{total: total, reserved: reserved, users: map[int64]bool{}, changed: make(chan struct{})}
}

// slotClaim says who wants a slot: user 0 is the background case solver;
// privileged is an instructor (or the case solver), who may use the
// reserved slots.
type slotClaim struct {
	user       int64
	privileged bool
}

// acquire waits up to wait (forever when wait <= 0) for a slot and returns
// the function that gives it back. When none frees in time it returns a
// RetryError: ERATELIMITED when the user's own solve is what holds it up,
// EBUSY when the pool is full.
func (p *solverSlots) acquire(ctx context.Context, who slotClaim, wait time.Duration) (release func(), err error) {
	var timeout <-chan time.Time
	if wait > 0 {
		t := time.NewTimer(wait)
		defer t.Stop()
		timeout = t.C
	}
	for {
		p.mu.Lock()
		own := who.user != 0 && p.users[who.user]
		free := p.used < p.total && (who.privileged || p.students < p.total-p.reserved)
		if !own && free {
			p.used++
			if !who.privileged {
				p.students++
			}
			if who.user != 0 {
				p.users[who.user] = true
			}
			p.mu.Unlock()
			var once sync.Once
			return func() { once.Do(func() { p.release(who) }) }, nil
		}
		changed := p.changed
		p.mu.Unlock()
		select {
		case <-changed:
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-timeout:
			after := max(wait, time.Second)
			if own {
				return nil, &judge.RetryError{After: after, Err: judge.Errorf(judge.ERATELIMITED,
					"your previous board is still being solved: one solve at a time per user, try again in %s s", secs(after))}
			}
			return nil, &judge.RetryError{After: after, Err: judge.Errorf(judge.EBUSY,
				"every solver is busy: try again in %s s", secs(after))}
		}
	}
}

func (p *solverSlots) release(who slotClaim) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.used--
	if !who.privileged {
		p.students--
	}
	delete(p.users, who.user)
	close(p.changed)
	p.changed = make(chan struct{})
}

// caseSolvers is the number of background case solvers: every slot but one
// when there are several, so that checks always find one that case solves
// do not hold.
func (p *solverSlots) caseSolvers() int { return max(1, p.total-1) }

func secs(d time.Duration) string { return fmt.Sprint(int((d + time.Second - 1) / time.Second)) }
