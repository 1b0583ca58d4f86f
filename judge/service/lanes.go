package service

import (
	"context"
	"time"

	"puzzlejudge/judge"
)

// DefaultCompileCPU is Config.CompileCPU's default: ample for a program of
// a contest in C++ (the heaviest of the shipped ones compiles in about a
// second), far below the 60 s of a problem's default compilation_time
// (Kattis's), which let twelve constexpr loops of one student hold the
// judge for minutes (issue 32).
const DefaultCompileCPU = 10 * time.Second

// workPrograms is one worker of the programs' lane: it claims one program
// at a time, users in turn and none past a user's Config.PerUser programs
// being judged (across processes: the store counts the claims), and judges
// it, until ctx ends. Config.ProgramsAtOnce of them run in a process.
func (s *Service) workPrograms(ctx context.Context) {
	idle := time.NewTimer(0)
	defer idle.Stop()
	for ctx.Err() == nil {
		claims, err := s.store.ClaimLane(context.WithoutCancel(ctx), judge.LanePrograms, 1, s.cfg.PerUser)
		if err != nil && judge.ErrorCode(err) != judge.EUNAVAILABLE {
			s.log.Error("claiming programs", "err", err)
		}
		if len(claims) == 0 {
			waitIdle(ctx, idle, s.cfg.PollInterval, s.wakeProg)
			continue
		}
		// More may be waiting: let another worker of the lane claim too.
		select {
		case s.wakeProg <- struct{}{}:
		default:
		}
		s.judgePrograms(ctx, claims)
	}
}
