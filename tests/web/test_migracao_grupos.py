"""As migrações candidatos 0004 e 0005: a opção e o parecer de um grupo só (os campos antigos)
viram a opção e a verificação do grupo da lei de cada certame (`reservas`, `verificacoes`), e a
importação registrada antes delas continua conferindo na reencenação da auditoria."""

from __future__ import annotations

import hashlib
from datetime import date
from decimal import Decimal
from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from cotas_web.auditoria import pelo_registro
from cotas_web.auditoria.models import Registro

ANTES = [("candidatos", "0003_vida_do_certame")]
DEPOIS = [("candidatos", "0005_sem_campos_de_um_grupo")]
# As colunas da forma canônica de uma importação registrada antes da migração.
COLUNAS_ANTIGAS = (
    "cargo__codigo", "inscricao", "nome", "cpf", "data_nascimento", "nota", "situacao",
    "cor_raca", "reserva_negros", "pcd", "classificacao", "desempate", "opcao_lista", "linha",
)  # fmt: skip


def _fatos_antigos(modelo: Any, importacao_id: int) -> dict[str, Any]:
    """Os fatos que a importação registrava antes da migração (sem `formato`; o parecer em
    texto)."""
    soma = hashlib.sha256()
    por_linha = []
    linhas = (
        modelo.objects.filter(importacao_id=importacao_id)
        .order_by("inscricao", "cargo__codigo", "id")
        .values_list(*COLUNAS_ANTIGAS)
    )
    for linha in linhas:
        valores = {
            c: pelo_registro._texto(c, v) for c, v in zip(COLUNAS_ANTIGAS, linha, strict=True)
        }
        canonica = pelo_registro._canonica(valores)
        soma.update(canonica + b"\n")
        por_linha.append(hashlib.sha256(canonica).hexdigest()[:12])
    pareceres = dict(
        modelo.objects.filter(importacao_id=importacao_id)
        .exclude(heteroidentificacao="")
        .values_list("id", "heteroidentificacao")
    )
    return {
        "linhas": len(por_linha),
        "sha256": soma.hexdigest(),
        "pareceres": {str(k): v for k, v in pareceres.items()},
        "por_linha": por_linha,
    }


@pytest.mark.django_db(transaction=True)
def test_migracao_leva_o_grupo_da_lei_e_a_auditoria_antiga_confere(certame: Any, rita: Any) -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(ANTES)
    antigos = executor.loader.project_state(ANTES).apps
    Candidato = antigos.get_model("candidatos", "Candidato")
    Importacao = antigos.get_model("candidatos", "Importacao")
    importacao = Importacao.objects.create(
        certame_id=certame.pk, arquivo_nome="antigo.csv", usuario_id=rita.pk, linhas=2
    )
    cargo = certame.cargos.get()
    comum = {
        "certame_id": certame.pk,
        "cargo_id": cargo.pk,
        "importacao_id": importacao.pk,
        "data_nascimento": date(1990, 1, 1),
        "situacao": "aprovado",
    }
    Candidato.objects.create(
        inscricao="1",
        nome="Parda",
        nota=Decimal("80"),
        cor_raca="parda",
        reserva_negros=True,
        heteroidentificacao="confirmado",
        linha=1,
        **comum,
    )
    Candidato.objects.create(
        inscricao="2",
        nome="Branco",
        nota=Decimal("70"),
        cor_raca="branca",
        reserva_negros=False,
        heteroidentificacao="",
        linha=2,
        **comum,
    )
    Registro.objects.create(
        certame=certame,
        usuario_nome="rita",
        acao="candidatos_importados",
        descricao="Importados 2 candidatos (antes da migração).",
        dados={
            "importacao": importacao.pk,
            "fatos": {"importacao": importacao.pk, **_fatos_antigos(Candidato, importacao.pk)},
        },
    )
    executor = MigrationExecutor(connection)
    executor.migrate(DEPOIS)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())

    from cotas_web.candidatos.models import Candidato as Novo

    parda, branco = Novo.objects.get(inscricao="1"), Novo.objects.get(inscricao="2")
    # o grupo da lei do certame (Montenegro/RS), lido do catálogo
    assert (parda.reservas, parda.verificacoes) == (["negros"], {"negros": "confirmado"})
    assert (branco.reservas, branco.verificacoes) == ([], {})
    conferencia = pelo_registro.conferir(certame.pk)
    assert conferencia.confere, conferencia.diferenca
    # A conferência antiga ainda aponta uma mudança feita por fora.
    Novo.objects.filter(pk=branco.pk).update(reservas=["negros"])
    diferenca = pelo_registro.conferir(certame.pk).diferenca or ""
    assert "inscrição 2: a linha nas tabelas" in diferenca


@pytest.mark.django_db(transaction=True)
def test_migracao_da_prioridade_troca_o_codigo_sem_mudar_o_sentido(certame: Any) -> None:
    """certames 0009: os códigos antigos da prioridade na colisão, que nomeavam o grupo de uma lei
    só ("pcd,negros"), viram os que valem para qualquer lei ("pcd,lei"), com o mesmo sentido."""
    executor = MigrationExecutor(connection)
    executor.migrate([("certames", "0008_informados")])
    antigos = executor.loader.project_state([("certames", "0008_informados")]).apps
    antigos.get_model("certames", "Certame").objects.filter(pk=certame.pk).update(
        prioridade_colisao="pcd,negros"
    )
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())

    from cotas_web.certames.models import Certame
    from cotas_web.ponte import leis

    novo = Certame.objects.get(pk=certame.pk)
    assert novo.prioridade_colisao == "pcd,lei"
    assert leis.parametros_do_certame(novo).prioridade_colisao == ("pcd",)
