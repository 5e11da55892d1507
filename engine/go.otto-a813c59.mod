module sgconf/engine

go 1.26

require github.com/robertkrimen/otto v0.0.0-20170818085146-a813c59b1b44

require gopkg.in/sourcemap.v1 v1.0.5 // indirect
