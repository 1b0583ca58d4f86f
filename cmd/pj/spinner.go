package main

import (
	"fmt"
	"io"
	"sync"
	"time"
)

// spinner shows "⠋ judging submission 7 (3.2 s)" on one line of a terminal
// while pj waits, and nothing at all when w is a file or a pipe (a CI log
// must not fill with carriage returns).
type spinner struct {
	w     io.Writer
	mu    sync.Mutex
	label string
	start time.Time
	done  chan struct{}
	once  sync.Once
	wg    sync.WaitGroup
}

var spinnerFrames = []rune("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")

func newSpinner(w io.Writer, label string) *spinner {
	s := &spinner{w: w, label: label, start: time.Now(), done: make(chan struct{})}
	if !isTerminal(w) {
		close(s.done)
		return s
	}
	s.wg.Add(1)
	go s.loop()
	return s
}

func (s *spinner) loop() {
	defer s.wg.Done()
	t := time.NewTicker(100 * time.Millisecond)
	defer t.Stop()
	for i := 0; ; i++ {
		s.mu.Lock()
		fmt.Fprintf(s.w, "\r\033[K%c %s (%.1f s)", spinnerFrames[i%len(spinnerFrames)], s.label, time.Since(s.start).Seconds())
		s.mu.Unlock()
		select {
		case <-s.done:
			fmt.Fprint(s.w, "\r\033[K")
			return
		case <-t.C:
		}
	}
}

// set changes the label (the submission's status).
func (s *spinner) set(label string) {
	s.mu.Lock()
	s.label = label
	s.mu.Unlock()
}

// stop clears the spinner's line; it may be called more than once.
func (s *spinner) stop() {
	s.once.Do(func() {
		select {
		case <-s.done:
		default:
			close(s.done)
		}
		s.wg.Wait()
	})
}
