-- O papel da aplicação (:"papel") no banco do dono (:"dono"): lê e escreve as tabelas, mas no
-- registro de auditoria só lê e acrescenta: não pode apagá-lo, alterá-lo, truncá-lo nem desligar
-- os seus gatilhos (isso fica com o dono, que roda as migrações). A migração que cria os
-- gatilhos também tira essas permissões de quem não é o dono.
-- Rodado por scripts/postgres.sh e pelo teste do papel (tests/robustez/test_papel_postgres.py):
--   psql -v ON_ERROR_STOP=1 -v papel=cotas_app -v dono=cotas -d BANCO -f scripts/papel_aplicacao.sql
-- Pode rodar de novo a qualquer momento (antes ou depois das migrações).
GRANT USAGE ON SCHEMA public TO :"papel";
ALTER DEFAULT PRIVILEGES FOR ROLE :"dono" IN SCHEMA public
    GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO :"papel";
ALTER DEFAULT PRIVILEGES FOR ROLE :"dono" IN SCHEMA public
    GRANT USAGE, SELECT ON SEQUENCES TO :"papel";
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO :"papel";
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO :"papel";
REVOKE TRUNCATE, REFERENCES, TRIGGER ON ALL TABLES IN SCHEMA public FROM :"papel";
SELECT format(
    'REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON auditoria_registro FROM %I',
    :'papel'
) WHERE to_regclass('public.auditoria_registro') IS NOT NULL
\gexec
