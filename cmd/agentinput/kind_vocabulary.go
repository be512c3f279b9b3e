package main

import (
	"errors"
	"flag"
	"fmt"
	"os"

	"agentinput.dev/factory"
	"agentinput.dev/kinds/vocabulary"
)

var vocabularyKind = kind{
	name: "vocabulary",
	flags: func(fs *flag.FlagSet) func(factory.Property) (reader, error) {
		file := vocabFlag(fs)
		return func(p factory.Property) (reader, error) {
			v, err := loadVocabulary(*file)
			if err != nil {
				return reader{}, err
			}
			return bind(p, v.Expected(), v.Example(), v.Read), nil
		}
	},
}

// vocabFlag registers --vocab, which vocabulary and filter share.
func vocabFlag(fs *flag.FlagSet) *string {
	return fs.String("vocab", "", "`FILE`: the vocabulary, a JSON array of {\"id\", \"names\", \"abbreviations\", \"english\"}")
}

// loadVocabulary loads the --vocab file; its errors are usage errors.
func loadVocabulary(path string) (*vocabulary.Vocabulary, error) {
	if path == "" {
		return nil, errors.New("--vocab FILE is required")
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("--vocab: %v", err)
	}
	defer f.Close()
	return vocabulary.Load(f)
}
