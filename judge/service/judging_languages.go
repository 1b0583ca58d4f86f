package service

import (
	"puzzlejudge/judge"
	"puzzlejudge/judge/sandbox"
)

// LanguageRules returns the rules of language l that catch newcomers
// (issue 34), as the judge's messages, for GET /languages and the problem
// page: Java's class name, Python's version and its missing packages, the
// exit status of C and C++. A language of the configuration with an id of
// its own has none.
func LanguageRules(l sandbox.Language) []judge.Msg {
	switch l.ID {
	case "c", "cpp":
		return []judge.Msg{judge.M("lang_rule_exit_zero")}
	case "cpp98":
		return []judge.Msg{judge.M("lang_rule_cpp98"), judge.M("lang_rule_exit_zero")}
	case "java":
		return []judge.Msg{judge.M("lang_rule_java_class")}
	case "python3":
		version := l.Version
		if version == "" {
			version = l.Name
		}
		return []judge.Msg{judge.M("lang_rule_python_version", "Version", version), judge.M("lang_rule_python_recursion")}
	case "go":
		return []judge.Msg{judge.M("lang_rule_go")}
	}
	return nil
}
