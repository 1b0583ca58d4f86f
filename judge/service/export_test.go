package service

import "puzzlejudge/judge"

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
