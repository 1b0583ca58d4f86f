package sandbox

import (
	"context"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"gopkg.in/yaml.v3"
)

func TestDetect(t *testing.T) {
	langs := append(DefaultLanguages(), Language{
		ID: "missing", Source: "x", Run: []string{"x"}, VersionCommand: []string{"no-such-compiler-here", "--version"},
	})
	installed, skipped := Detect(context.Background(), langs)
	if _, ok := skipped["missing"]; !ok {
		t.Errorf("Detect kept a language whose compiler is missing: %v", installed)
	}
	byID := make(map[string]Language)
	for _, l := range installed {
		if l.Version == "" {
			t.Errorf("Detect kept %s without a version", l.ID)
		}
		byID[l.ID] = l
	}
	// g++ is what the project's CI installs first; the others have their
	// own tests.
	if cpp, ok := byID["cpp"]; !ok {
		t.Errorf("Detect found no g++: skipped %v", skipped["cpp"])
	} else if !strings.Contains(cpp.Version, "g++") {
		t.Errorf("cpp version = %q, want g++'s first line", cpp.Version)
	}
}

func TestByExtension(t *testing.T) {
	langs := DefaultLanguages()
	tests := []struct {
		file string
		want string
	}{
		{"main.cpp", "cpp"},
		{"SOLUTION.CC", "cpp"},
		{"a.c", "c"},
		{"Main.java", "java"},
		{"flood.py", "python3"},
		{"x.go", "go"},
		{"README", ""},
		{"notes.txt", ""},
	}
	for _, tc := range tests {
		l, ok := ByExtension(langs, tc.file)
		if got := l.ID; got != tc.want || ok != (tc.want != "") {
			t.Errorf("ByExtension(%q) = %q, %v; want %q", tc.file, got, ok, tc.want)
		}
	}
}

func TestDefaultLanguagesAreValid(t *testing.T) {
	for _, l := range DefaultLanguages() {
		if err := l.Validate(); err != nil {
			t.Error(err)
		}
	}
	bad := []Language{
		{Source: "a", Run: []string{"a"}, VersionCommand: []string{"a"}},
		{ID: "x", Source: "../a", Run: []string{"a"}, VersionCommand: []string{"a"}},
		{ID: "x", Source: "a", VersionCommand: []string{"a"}},
		{ID: "x", Source: "a", Run: []string{"a"}, Compile: []string{"cc"}, VersionCommand: []string{"a"}},
		{ID: "x", Source: "a", Run: []string{"a"}, Compile: []string{"cc"}, Artifacts: []string{"/etc/passwd"}, VersionCommand: []string{"a"}},
		{ID: "x", Source: "a", Run: []string{"a"}},
	}
	for _, l := range bad {
		if err := l.Validate(); err == nil {
			t.Errorf("Validate(%+v) = nil, want an error", l)
		}
	}
}

func TestLanguagesFromYAML(t *testing.T) {
	data, err := os.ReadFile("testdata/languages.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var cfg struct {
		Languages []Language `yaml:"languages"`
	}
	if err := yaml.Unmarshal(data, &cfg); err != nil {
		t.Fatal(err)
	}
	want := []Language{
		{
			ID: "cpp", Name: "C++17 (g++)", Extensions: []string{".cpp", ".cc"}, Source: "main.cpp",
			Compile:   []string{"g++", "-std=gnu++17", "-O2", "-o", "main", "main.cpp"},
			Artifacts: []string{"main"}, Run: []string{"./main"}, TimeFactor: 1,
			VersionCommand: []string{"g++", "--version"},
		},
		{
			ID: "pypy3", Name: "PyPy 3", Extensions: []string{".py"}, Source: "main.py",
			Run: []string{"pypy3", "main.py"}, TimeFactor: 1.5, Processes: 4, CompileCPU: 20 * time.Second,
			Env: []string{"PYTHONHASHSEED=0"}, VersionCommand: []string{"pypy3", "--version"},
		},
	}
	if !reflect.DeepEqual(cfg.Languages, want) {
		t.Errorf("languages.yaml =\n%+v\nwant\n%+v", cfg.Languages, want)
	}
	for _, l := range cfg.Languages {
		if err := l.Validate(); err != nil {
			t.Error(err)
		}
	}
	// And back: what DefaultLanguages writes, a config reads the same.
	out, err := yaml.Marshal(DefaultLanguages())
	if err != nil {
		t.Fatal(err)
	}
	var again []Language
	if err := yaml.Unmarshal(out, &again); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(again, DefaultLanguages()) {
		t.Errorf("DefaultLanguages does not survive yaml:\n%s", out)
	}
}
