package service

import (
	"puzzlejudge/judge"
)

// LoginStore returns the service's store of login buckets, nil when its
// store keeps none.
func (s *Service) LoginStore() judge.LoginStore {
	if s == nil {
		return nil
	}
	ls, _ := s.store.(judge.LoginStore)
	return ls
}
