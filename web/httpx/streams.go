package httpx

import (
	"sync"

	"puzzlejudge/judge"
)

// StreamSlots admits the open streams (the ICPC event feed) by who opens
// them, which Bound, running before authentication, cannot know. 64
// anonymous idle feeds used to hold every slot for as long as they stayed
// open, and the jury's own feed then got 503 (issue 32). So:
//
//   - the jury (StreamCaller.Jury) is always admitted, and not counted: a
//     handful of people, and the feed is theirs to run the contest;
//   - anyone signed in takes any free slot of Max;
//   - anonymous callers share three quarters of Max (a quarter stays for
//     those signed in), and one address holds at most PerAddress of them.
//
// The zero value admits everyone.
type StreamSlots struct {
	// Max bounds the open streams; <= 0: no bound.
	Max int
	// PerAddress bounds the anonymous streams of one client address; <= 0:
	// no bound.
	PerAddress int

	mu     sync.Mutex
	open   int
	anon   int
	byAddr map[string]int
}

// StreamCaller is who opens a stream.
type StreamCaller struct {
	// Addr is the client's address (gin's ClientIP, which trusts only the
	// configured proxies).
	Addr string
	// SignedIn and Jury say who the caller authenticated as.
	SignedIn, Jury bool
}

// anonMax is the part of Max anonymous streams may hold.
func (s *StreamSlots) anonMax() int { return max(1, s.Max-s.Max/4) }

// Acquire admits a stream of c, or says why not: a RetryError of 503 busy
// when the slots its class may use are taken, of 429 rate_limited when
// c's address holds its share of anonymous streams. release frees the
// slot; call it once, when the stream ends.
func (s *StreamSlots) Acquire(c StreamCaller) (release func(), err error) {
	if c.Jury {
		return func() {}, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	anonymous := !c.SignedIn
	switch {
	case s.Max > 0 && s.open >= s.Max,
		anonymous && s.Max > 0 && s.anon >= s.anonMax():
		return nil, streamsBusy()
	case anonymous && s.PerAddress > 0 && s.byAddr[c.Addr] >= s.PerAddress:
		return nil, RateLimited(StreamRetry, "this address has %d anonymous streams open, the most it may: close one, or sign in; try again in %d seconds", s.PerAddress)
	}
	s.open++
	if anonymous {
		s.anon++
		if s.byAddr == nil {
			s.byAddr = map[string]int{}
		}
		s.byAddr[c.Addr]++
	}
	var once sync.Once
	return func() {
		once.Do(func() {
			s.mu.Lock()
			defer s.mu.Unlock()
			s.open--
			if anonymous {
				s.anon--
				if s.byAddr[c.Addr]--; s.byAddr[c.Addr] <= 0 {
					delete(s.byAddr, c.Addr)
				}
			}
		})
	}, nil
}

// streamsBusy is the refusal of a stream past the slots of its class.
func streamsBusy() error {
	return &judge.RetryError{After: StreamRetry,
		Err: judge.Errorf(judge.EBUSY, "the server has as many open streams as it serves: try again in %d seconds", int(StreamRetry.Seconds()))}
}
