package service

import "puzzlejudge/judge"

// StudentSolves returns how many solver slots students' checks hold, so
// that a test can wait for a check to be running instead of sleeping.
func StudentSolves(s *Service) int {
	s.slots.mu.Lock()
	defer s.slots.mu.Unlock()
	return s.slots.students
}

// ApplyJudged applies written verdicts to the contests' boards as a worker
// does after Store.Finish, for the benchmarks of the board (which measure
// its update without judging).
func (s *Service) ApplyJudged(judged []judge.Judged) {
	written := make(map[int64]bool, len(judged))
	for _, j := range judged {
		written[j.ID] = true
	}
	s.boards.judged(judged, written)
}
