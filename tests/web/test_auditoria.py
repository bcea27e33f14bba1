"""O registro de auditoria só recebe acréscimos (issue 4, item 7)."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.utils import DatabaseError

from cotas_web.auditoria.acoes import AcaoAuditada
from cotas_web.auditoria.models import Registro, RegistroImutavel
from cotas_web.auditoria.services import registrar

pytestmark = pytest.mark.django_db


def test_cada_mudanca_fica_registrada_com_quem_e_fundamento(certame: Any, rita: Any) -> None:
    registros = list(Registro.objects.filter(certame=certame))
    assert [r.acao for r in registros] == ["certame_criado", "cargo_adicionado"]
    assert all(r.usuario_nome == "rita" for r in registros)
    assert "Lei Ordinária nº 7.344" in registros[0].descricao
    assert "arts. 17 e 18" in registros[0].fundamento
    assert "art. 1º" in registros[1].fundamento


def test_registro_nao_pode_ser_alterado_nem_apagado(certame: Any) -> None:
    r = Registro.objects.filter(certame=certame).first()
    assert r is not None
    r.descricao = "adulterado"
    with pytest.raises(RegistroImutavel):
        r.save()
    with pytest.raises(RegistroImutavel):
        r.delete()
    with pytest.raises(RegistroImutavel):
        Registro.objects.filter(pk=r.pk).update(descricao="x")
    with pytest.raises(RegistroImutavel):
        Registro.objects.filter(pk=r.pk).delete()


def test_o_banco_tambem_recusa_alterar(certame: Any) -> None:
    r = Registro.objects.filter(certame=certame).first()
    assert r is not None
    with (
        pytest.raises((DatabaseError, IntegrityError)),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute("UPDATE auditoria_registro SET descricao = %s WHERE id = %s", ["x", r.pk])
    r.refresh_from_db()
    assert r.descricao != "x"


@pytest.mark.django_db(transaction=True)
def test_auditoria_exige_a_transacao_da_mudanca(rita: Any) -> None:
    with pytest.raises(RuntimeError):
        registrar(
            usuario=rita,
            certame=None,
            acao=AcaoAuditada.CERTAME_CORRIGIDO,
            descricao="fora da transação",
        )


def test_falha_desfaz_mudanca_e_registro_juntos(certame: Any, rita: Any) -> None:
    from django.core.exceptions import ValidationError

    from cotas_web.certames.services import cargo_adicionar

    antes = Registro.objects.count()
    with pytest.raises(ValidationError):
        cargo_adicionar(usuario=rita, certame=certame, codigo="PROF", nome="x", vagas_edital=1)
    assert Registro.objects.count() == antes


# --- A cadeia de hashes (issue 15, achado 5) -------------------------------------------------


def _sem_gatilhos() -> None:
    """Simula quem tem o banco na mão: tira os gatilhos (na transação do teste)."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")  # (sem eventos pendentes na tabela)
            cursor.execute("ALTER TABLE auditoria_registro DISABLE TRIGGER USER")
        else:
            cursor.execute("DROP TRIGGER auditoria_registro_imutavel")
            cursor.execute("DROP TRIGGER auditoria_registro_inapagavel")


def _com_gatilhos() -> None:
    """Quem reescreveu o registro devolve os gatilhos, para não deixar rastro."""
    from cotas_web.auditoria import gatilhos

    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("ALTER TABLE auditoria_registro ENABLE TRIGGER USER")
        else:
            for sql in gatilhos.SQLITE_CRIAR:
                cursor.execute(sql)


def _verificar(*args: str) -> tuple[int, str]:
    from io import StringIO

    from django.core.management import call_command
    from django.core.management.base import CommandError

    saida, erros = StringIO(), StringIO()
    try:
        call_command("verificar_auditoria", *args, stdout=saida, stderr=erros)
    except CommandError as erro:
        return erro.returncode, erros.getvalue() + str(erro)
    return 0, saida.getvalue()


def _mais_registros(certame: Any, rita: Any, n: int = 3) -> list[Registro]:
    with transaction.atomic():
        for i in range(n):
            registrar(
                usuario=rita,
                certame=certame,
                acao=AcaoAuditada.CERTAME_CORRIGIDO,
                descricao=f"ato {i}",
                dados={"i": i, "lista": (1, 2)},
            )
    return list(Registro.objects.filter(certame=certame).order_by("id"))


def test_cada_registro_sela_o_anterior_do_mesmo_certame(
    certame: Any, certame_mostardas: Any, rita: Any
) -> None:
    from cotas_web.auditoria import cadeia

    for c in (certame, certame_mostardas):
        registros = _mais_registros(c, rita)
        assert registros[0].anterior == ""
        for anterior, registro in itertools.pairwise(registros):
            assert registro.anterior == anterior.hash
        for r in registros:
            assert len(r.hash) == 64 and r.hash == cadeia.selo(r)
    assert _verificar()[0] == 0
    codigo, texto = _verificar("--certame", str(certame.pk))
    assert codigo == 0 and "íntegro" in texto


def test_registro_forjado_por_sql_e_apontado(certame: Any, rita: Any) -> None:
    registros = _mais_registros(certame, rita)
    ultimo = registros[-1]
    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO auditoria_registro (certame_id, usuario_nome, quando, acao, descricao, "
            "fundamento, dados, anterior, hash) VALUES (%s, 'rita', %s, 'forjado', 'x', '', "
            "'{}', %s, %s)",
            [certame.pk, ultimo.quando, ultimo.hash, "f" * 64],
        )
    forjado = Registro.objects.get(acao="forjado")
    codigo, texto = _verificar()
    assert codigo == 1
    assert f"registro {forjado.pk} (" in texto and "forjado" in texto
    # O registro seguinte, gravado pela aplicação, encadeia no forjado: a quebra continua nele.
    _mais_registros(certame, rita, 1)
    assert f"registro {forjado.pk} (" in _verificar()[1]


def test_registro_alterado_e_apontado(certame: Any, rita: Any) -> None:
    registros = _mais_registros(certame, rita)
    alvo = registros[2]
    _sem_gatilhos()
    with connection.cursor() as cursor:
        cursor.execute("UPDATE auditoria_registro SET descricao = 'outra' WHERE id = %s", [alvo.pk])
    codigo, texto = _verificar("--certame", str(certame.pk))
    assert codigo == 1
    assert f"registro {alvo.pk} (" in texto and alvo.acao in texto and "conteúdo" in texto


def test_o_banco_recusa_apagar_e_o_apagado_por_fora_e_apontado(certame: Any, rita: Any) -> None:
    registros = _mais_registros(certame, rita)
    alvo, seguinte = registros[2], registros[3]
    with (
        pytest.raises((DatabaseError, IntegrityError)),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute("DELETE FROM auditoria_registro WHERE id = %s", [alvo.pk])
    assert Registro.objects.filter(pk=alvo.pk).exists()
    _sem_gatilhos()
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM auditoria_registro WHERE id = %s", [alvo.pk])
    codigo, texto = _verificar()
    assert codigo == 1
    assert f"registro {seguinte.pk} (" in texto and "apagado" in texto


def test_historico_mostra_o_estado_da_cadeia(certame: Any, rita: Any, client: Any) -> None:
    from django.urls import reverse

    from .conftest import entrar

    registros = _mais_registros(certame, rita, 1)
    url = reverse("certames:historico", args=[certame.pk])
    pagina = entrar(client, rita).get(url).content.decode()
    assert f"Registro íntegro: {len(registros)} entradas" in pagina
    assert registros[-1].hash[:12] in pagina
    _sem_gatilhos()
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE auditoria_registro SET descricao = 'outra' WHERE id = %s", [registros[1].pk]
        )
    pagina = client.get(url).content.decode()
    assert "Registro íntegro" not in pagina
    assert "Registro quebrado" in pagina and f"registro {registros[1].pk}" in pagina


def test_cabecas_exportadas_detectam_a_cadeia_reescrita(
    certame: Any, rita: Any, tmp_path: Any
) -> None:
    import json

    from django.core.management import call_command

    from cotas_web.auditoria import cadeia

    registros = _mais_registros(certame, rita)
    arquivo = tmp_path / "cabecas.jsonl"
    call_command("exportar_cabecas_auditoria", "--saida", str(arquivo))
    linhas = [json.loads(x) for x in arquivo.read_text(encoding="utf-8").splitlines()]
    minha = next(x for x in linhas if x["certame"] == certame.pk)
    assert minha["ultimo_id"] == registros[-1].pk
    assert minha["ultimo_hash"] == registros[-1].hash
    assert minha["registros"] == len(registros) and minha["data"]
    assert _verificar("--cabecas", str(arquivo))[0] == 0
    # Quem reescreve a cadeia inteira (recalculando cada hash) passa na conferência da cadeia,
    # mas não na das cabeças guardadas fora.
    _sem_gatilhos()
    anterior = ""
    for r in Registro.objects.filter(certame=certame).order_by("id"):
        r.descricao = "reescrito"
        r.anterior = anterior
        anterior = r.hash = cadeia.selo(r)
        with connection.cursor() as cursor:
            cursor.execute(
                "UPDATE auditoria_registro SET descricao = %s, anterior = %s, hash = %s "
                "WHERE id = %s",
                [r.descricao, r.anterior, r.hash, r.pk],
            )
    _com_gatilhos()
    assert _verificar()[0] == 0
    codigo, texto = _verificar("--cabecas", str(arquivo))
    assert codigo == 1 and "reescrito" in texto and str(registros[-1].pk) in texto


@pytest.mark.django_db(transaction=True)
def test_migracao_encadeia_os_registros_que_ja_existiam(certame: Any) -> None:
    from django.db.migrations.executor import MigrationExecutor

    from cotas_web.auditoria import cadeia

    antes = [("auditoria", "0002_imutavel_no_banco")]
    depois = [("auditoria", "0004_selo_com_chave")]
    executor = MigrationExecutor(connection)
    executor.migrate(antes)
    antigo = executor.loader.project_state(antes).apps.get_model("auditoria", "Registro")
    for i in range(3):
        antigo.objects.create(
            certame_id=certame.pk,
            usuario_nome="rita",
            acao=f"velho_{i}",
            descricao="antes da cadeia",
            dados={"i": i},
        )
    executor = MigrationExecutor(connection)
    executor.migrate(depois)
    registros = list(Registro.objects.filter(certame=certame).order_by("id"))
    assert len(registros) == 5 and registros[0].anterior == ""
    # (os que já existiam antes da 0004 ficam com o selo sem chave, que continua conferindo)
    assert {r.selo_versao for r in registros} == {cadeia.SEM_CHAVE}
    for anterior, r in itertools.pairwise(registros):
        assert r.anterior == anterior.hash and r.hash == cadeia.selo(r)
    assert _verificar()[0] == 0
    with (
        pytest.raises((DatabaseError, IntegrityError)),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute("DELETE FROM auditoria_registro WHERE id = %s", [registros[0].pk])


def test_registro_gravado_por_fora_do_servico_tambem_entra_na_cadeia(
    certame: Any, rita: Any
) -> None:
    ultimo = Registro.objects.filter(certame=certame).order_by("id").last()
    assert ultimo is not None
    novo = Registro.objects.create(
        certame=certame,
        usuario_nome="rita",
        acao="direto",
        descricao="pelo ORM",
        anterior="0" * 64,
        hash="f" * 64,  # (ignorados: a cadeia é calculada ao gravar)
    )
    assert novo.anterior == ultimo.hash and novo.hash != "f" * 64
    assert _verificar()[0] == 0
    with pytest.raises(RegistroImutavel):
        Registro.objects.bulk_create([Registro(certame=certame, acao="x", descricao="x")])


def test_gatilho_tirado_e_apontado(certame: Any) -> None:
    assert _verificar()[0] == 0
    _sem_gatilhos()
    codigo, texto = _verificar()
    assert codigo == 1 and "auditoria_registro_imutavel" in texto and "ausente" in texto


def _exportar(arquivo: Any) -> None:
    from io import StringIO

    from django.core.management import call_command

    call_command("exportar_cabecas_auditoria", "--saida", str(arquivo), stdout=StringIO())


def test_nota_e_cor_mudadas_no_banco_aparecem_contra_a_cabeca_exportada(
    certame_com_candidatos: Any, tmp_path: Any
) -> None:
    arquivo = tmp_path / "cabecas.jsonl"
    _exportar(arquivo)
    assert _verificar("--cabecas", str(arquivo))[0] == 0
    # Quem tem o banco na mão põe o último colocado em primeiro, sem ato e sem registro.
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE candidatos_candidato SET nota = 99, cor_raca = 'preta' "
            "WHERE certame_id = %s AND inscricao = '1008'",
            [certame_com_candidatos.pk],
        )
    assert _verificar("--so-cadeia")[0] == 0  # a cadeia em si não muda...
    codigo, texto = _verificar("--cabecas", str(arquivo))
    assert codigo == 1  # ...mas os candidatos não são mais os da cabeça exportada
    assert f"os candidatos do certame {certame_com_candidatos.pk} mudaram" in texto
    assert "as nomeações" not in texto


def test_atos_registrados_depois_da_exportacao_nao_dao_alarme(
    sessao: Any, carlos: Any, tmp_path: Any
) -> None:
    from .conftest import verificar_todos

    arquivo = tmp_path / "cabecas.jsonl"
    _exportar(arquivo)
    verificar_todos(sessao, carlos)  # o parecer da comissão muda os candidatos, com registro
    assert _verificar("--cabecas", str(arquivo))[0] == 0


def test_nomeacao_trocada_no_banco_aparece_contra_a_cabeca_exportada(
    certame_homologado: Any, rita: Any, tmp_path: Any
) -> None:
    from .test_publico import nomear_edital

    nomear_edital(certame_homologado, rita)
    arquivo = tmp_path / "cabecas.jsonl"
    _exportar(arquivo)
    assert _verificar("--cabecas", str(arquivo))[0] == 0
    # A 1ª vaga passa a outro candidato direto no banco.
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE nomeacoes_nomeacao SET candidato_id = ("
            "  SELECT id FROM candidatos_candidato WHERE inscricao = '1008' AND certame_id = %s"
            ") WHERE vaga = 1 AND cargo_id IN ("
            "  SELECT id FROM certames_cargo WHERE certame_id = %s)",
            [certame_homologado.pk, certame_homologado.pk],
        )
    codigo, texto = _verificar("--cabecas", str(arquivo))
    assert codigo == 1 and f"as nomeações do certame {certame_homologado.pk} mudaram" in texto


# O certame refeito pelo registro (pelo_registro.py): os fatos de cada ato contra as tabelas.


def test_nota_mudada_por_sql_e_nomeada_pelo_registro(certame_com_candidatos: Any) -> None:
    assert _verificar()[0] == 0
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE candidatos_candidato SET nota = 71 "
            "WHERE certame_id = %s AND inscricao = '1006'",
            [certame_com_candidatos.pk],
        )
    codigo, texto = _verificar()
    assert codigo == 1
    assert "inscrição 1006" in texto and "nota 71" in texto
    assert "sem correção registrada" in texto


def test_nomeacao_apagada_por_sql_e_nomeada(certame_homologado: Any, rita: Any) -> None:
    from .test_publico import nomear_edital

    nomear_edital(certame_homologado, rita)
    assert _verificar()[0] == 0
    with connection.cursor() as cursor:
        cursor.execute(
            "DELETE FROM nomeacoes_nomeacao WHERE id = (SELECT MAX(id) FROM nomeacoes_nomeacao "
            "WHERE cargo_id IN (SELECT id FROM certames_cargo WHERE certame_id = %s))",
            [certame_homologado.pk],
        )
    codigo, texto = _verificar()
    assert codigo == 1
    assert "falta nas tabelas" in texto and "portaria" in texto


def test_jornada_inteira_confere_com_o_registro(certame_homologado: Any, rita: Any) -> None:
    from datetime import date

    from cotas_web.candidatos.correcoes import candidato_corrigir
    from cotas_web.candidatos.models import Candidato
    from cotas_web.nomeacoes.models import Nomeacao
    from cotas_web.nomeacoes.services import (
        nomeacao_registrar_desistencia,
        nomeacao_registrar_posse,
        vagas_novas_ofertar,
    )

    from .test_publico import nomear_edital

    nomear_edital(certame_homologado, rita)
    primeira, segunda = Nomeacao.objects.filter(cargo__certame=certame_homologado).order_by(
        "ordem"
    )[:2]
    nomeacao_registrar_posse(usuario=rita, nomeacao=primeira, data=date(2025, 8, 10))
    nomeacao_registrar_desistencia(
        usuario=rita, nomeacao=segunda, data=date(2025, 8, 11), motivo="desistencia"
    )
    vagas_novas_ofertar(
        usuario=rita,
        cargo=primeira.cargo,
        data=date(2025, 8, 12),
        quantidade=2,
        justificativa="lei municipal de novos cargos",
    )
    nomear_edital(certame_homologado, rita, dia=date(2025, 8, 13))
    ultimo = Candidato.objects.filter(certame=certame_homologado).order_by("-inscricao")[0]
    candidato_corrigir(
        usuario=rita,
        candidato=ultimo,
        campo="nota",
        valor="12,5",
        motivo="recurso provido",
        fundamento="Decisão do recurso nº 4/2025",
        data=date(2025, 8, 14),
    )
    codigo, texto = _verificar()
    assert codigo == 0, texto
    assert "conferência parcial" not in texto
    # A correção registrada explica a nota nova; a mesma nota mudada por fora, não.
    with connection.cursor() as cursor:
        cursor.execute("UPDATE candidatos_candidato SET nota = 13 WHERE id = %s", [ultimo.pk])
    codigo, texto = _verificar()
    assert codigo == 1 and f"inscrição {ultimo.inscricao}" in texto
    assert "12,5 pela última correção registrada" in texto


def test_registro_anterior_aos_fatos_confere_em_parte(certame: Any, rita: Any) -> None:
    with transaction.atomic():
        registrar(
            usuario=rita,
            certame=certame,
            acao=AcaoAuditada.CANDIDATOS_IMPORTADOS,
            descricao="Importados 3 candidatos (registro antigo).",
            dados={"importacao": 1},
        )
    codigo, texto = _verificar()
    assert codigo == 0, texto
    assert "registro anterior aos fatos: conferência parcial" in texto


def test_parecer_e_anulacao_postos_por_sql_sao_nomeados(certame_com_candidatos: Any) -> None:
    with connection.cursor() as cursor:
        cursor.execute(
            'UPDATE candidatos_candidato SET verificacoes = \'{"negros": "reconhecido"}\' '
            "WHERE certame_id = %s AND inscricao = '1008'",
            [certame_com_candidatos.pk],
        )
    codigo, texto = _verificar()
    assert codigo == 1 and "inscrição 1008: parecer da comissão reconhecido" in texto
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE candidatos_candidato SET verificacoes = '{}', anulado_em = '2025-07-01' "
            "WHERE certame_id = %s AND inscricao = '1008'",
            [certame_com_candidatos.pk],
        )
    codigo, texto = _verificar()
    assert codigo == 1 and "inscrição 1008: anulada nas tabelas" in texto


def test_convocados_pendentes_e_verificados_conferem(
    sessao: Any, carlos: Any, certame_com_candidatos: Any
) -> None:
    from .conftest import verificar_todos

    assert _verificar()[0] == 0  # convocados: "pendente" pelo registro da convocação
    verificar_todos(sessao, carlos)
    assert _verificar()[0] == 0


@pytest.mark.parametrize("posicao", [0, 3, -1])
def test_candidato_apagado_por_sql_e_nomeado(certame_com_candidatos: Any, posicao: int) -> None:
    """A mensagem nomeia a inscrição apagada, não a seguinte (issue 23): no começo, no meio e
    no fim da importação."""
    from cotas_web.candidatos.models import Candidato

    inscricoes = sorted(
        Candidato.objects.filter(certame=certame_com_candidatos).values_list("inscricao", flat=True)
    )
    apagada = inscricoes[posicao]
    assert _verificar()[0] == 0
    with connection.cursor() as cursor:
        cursor.execute(
            "DELETE FROM candidatos_candidato WHERE certame_id = %s AND inscricao = %s",
            [certame_com_candidatos.pk, apagada],
        )
    codigo, texto = _verificar()
    assert codigo == 1
    assert f"inscrição {apagada}: falta nas tabelas" in texto and "apagada" in texto
    outras = [i for i in inscricoes if i != apagada]
    assert not any(f"inscrição {i}" in texto for i in outras)


def test_candidato_apagado_de_importacao_antiga_e_situado_pelas_vizinhas(
    certame_com_candidatos: Any,
) -> None:
    """Nas importações registradas antes de o registro guardar as inscrições, a linha apagada
    é situada entre as vizinhas (a seguinte não é acusada de ter mudado)."""
    from cotas_web.auditoria import pelo_registro
    from cotas_web.candidatos.models import Candidato

    inscricoes = sorted(
        Candidato.objects.filter(certame=certame_com_candidatos).values_list("inscricao", flat=True)
    )
    with connection.cursor() as cursor:
        cursor.execute(
            "DELETE FROM candidatos_candidato WHERE certame_id = %s AND inscricao = %s",
            [certame_com_candidatos.pk, inscricoes[2]],
        )
    registro = Registro.objects.get(certame=certame_com_candidatos, acao="candidatos_importados")
    fatos = dict(registro.dados["fatos"])
    del fatos["inscricoes"]
    problema = pelo_registro._uma_importacao(
        pelo_registro.Esperado(), fatos["importacao"], registro.pk, fatos
    )
    assert f"entre a inscrição {inscricoes[1]} e a inscrição {inscricoes[3]}" in problema
    assert "(3ª em diante) faltam nas tabelas" in problema
