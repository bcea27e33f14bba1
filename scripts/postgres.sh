#!/usr/bin/env bash
# Inicia um cluster próprio do projeto em 127.0.0.1 numa porta não padrão (o pacote
# `postgresql` vem de scripts/sistema.sh), cria os papéis e o banco e imprime as URLs.
# Dois papéis: o dono (`cotas`: cria as tabelas, roda as migrações e os testes) e o da
# aplicação (`cotas_app`: lê e escreve as tabelas, mas no registro de auditoria só lê e
# acrescenta; scripts/papel_aplicacao.sql).
# Uso: eval "$(scripts/postgres.sh)"   -> exporta DATABASE_URL (o dono) e
#                                         COTAS_DATABASE_URL_APLICACAO (o papel da aplicação)
#      scripts/postgres.sh parar       -> para o servidor
set -euo pipefail
PORTA="${COTAS_PG_PORTA:-54329}"
DIR="${COTAS_PG_DIR:-/tmp/cotas-postgres-$PORTA}"
USUARIO="cotas"
SENHA="cotas"
BANCO="cotas"
APLICACAO="cotas_app"
SENHA_APLICACAO="${COTAS_PG_SENHA_APLICACAO:-cotas_app}"
AQUI="$(cd "$(dirname "$0")" && pwd)"

bin_pg() {
    ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1
}

if [ -z "$(bin_pg)" ]; then
    bash "$(dirname "$0")/sistema.sh" >&2
fi
PGBIN="$(bin_pg)"

como_postgres() {
    if [ "$(id -u)" -eq 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

if [ "${1:-}" = "parar" ]; then
    como_postgres "$PGBIN/pg_ctl" -D "$DIR/dados" -m fast stop >&2 || true
    exit 0
fi

if [ ! -f "$DIR/dados/PG_VERSION" ]; then
    mkdir -p "$DIR"
    if [ "$(id -u)" -eq 0 ]; then chown postgres:postgres "$DIR"; fi
    como_postgres "$PGBIN/initdb" -D "$DIR/dados" -U postgres -A trust -E UTF8 \
        --locale=C.UTF-8 >/dev/null
fi

if ! como_postgres "$PGBIN/pg_ctl" -D "$DIR/dados" status >/dev/null 2>&1; then
    como_postgres "$PGBIN/pg_ctl" -D "$DIR/dados" -l "$DIR/servidor.log" -w \
        -o "-p $PORTA -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off" start >&2
fi

psql_pg() {
    como_postgres "$PGBIN/psql" -h 127.0.0.1 -p "$PORTA" -U postgres -v ON_ERROR_STOP=1 -qAt "$@"
}
if [ "$(psql_pg -c "SELECT 1 FROM pg_roles WHERE rolname='$USUARIO'")" != "1" ]; then
    psql_pg -c "CREATE ROLE $USUARIO LOGIN PASSWORD '$SENHA' CREATEDB" >&2
fi
if [ "$(psql_pg -c "SELECT 1 FROM pg_database WHERE datname='$BANCO'")" != "1" ]; then
    psql_pg -c "CREATE DATABASE $BANCO OWNER $USUARIO" >&2
fi
if [ "$(psql_pg -c "SELECT 1 FROM pg_roles WHERE rolname='$APLICACAO'")" != "1" ]; then
    psql_pg -c "CREATE ROLE $APLICACAO LOGIN PASSWORD '$SENHA_APLICACAO'" >&2
fi
# O dono pode agir como a aplicação (SET ROLE), para o teste do papel.
psql_pg -c "GRANT $APLICACAO TO $USUARIO" >/dev/null 2>&1 || true
psql_pg -c "GRANT CONNECT ON DATABASE $BANCO TO $APLICACAO" >&2
como_postgres "$PGBIN/psql" -h 127.0.0.1 -p "$PORTA" -U postgres -d "$BANCO" -v ON_ERROR_STOP=1 \
    -qAt -v papel="$APLICACAO" -v dono="$USUARIO" <"$AQUI/papel_aplicacao.sql" >/dev/null
echo "export DATABASE_URL=postgres://$USUARIO:$SENHA@127.0.0.1:$PORTA/$BANCO"
echo "export COTAS_DATABASE_URL_APLICACAO=postgres://$APLICACAO:$SENHA_APLICACAO@127.0.0.1:$PORTA/$BANCO"
