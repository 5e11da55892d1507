module sgconf/engine

go 1.26

require github.com/robertkrimen/otto v0.0.0-20211024170158-b87d35c0b86f

require gopkg.in/sourcemap.v1 v1.0.5 // indirect
