"""Issue 19, item 3: as datas conferidas contra o registro e o ato registrado por engano desfeito
só por um ato novo ("tornar sem efeito"), nunca apagado nem sobrescrito.

Cada conferência de data: a recusa (que diz as duas datas e os dois atos) e o aceite na borda (o
mesmo dia do ato de que depende). Tornar sem efeito a nomeação, a desistência, as novas vagas, o
parecer e a decisão de recurso: o efeito nas propostas do motor, as recusas por dependência, as
páginas com o papel certo e a auditoria verificada depois (`verificar_auditoria` íntegro).
"""

from __future__ import annotations

import threading
from datetime import date
from io import StringIO
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.db import connection
from django.urls import reverse

from cotas_web.auditoria.models import Registro
from cotas_web.auditoria.pelo_registro import conferir
from cotas_web.candidatos.models import Candidato
from cotas_web.candidatos.services import fraude_abrir, fraude_decidir, fraude_registrar_defesa
from cotas_web.certames.selectors import lotes_do_cargo
from cotas_web.certames.services import certame_homologar
from cotas_web.comissao.models import Convocacao, Recurso
from cotas_web.comissao.services import (
    a_convocar,
    parecer_tornar_sem_efeito,
    recurso_decidir,
    recurso_interpor,
    recurso_tornar_sem_efeito,
    sessao_criar,
)
from cotas_web.nomeacoes.models import Desistencia, Nomeacao, OfertaVagas, SituacaoNomeacao
from cotas_web.nomeacoes.selectors import propostas_do_motor
from cotas_web.nomeacoes.services import (
    candidato_registrar_desistencia,
    desistencia_tornar_sem_efeito,
    nomeacao_confirmar,
    nomeacao_registrar_desistencia,
    nomeacao_registrar_posse,
    nomeacao_tornar_sem_efeito,
    vagas_novas_ofertar,
    vagas_tornar_sem_efeito,
)

from .conftest import entrar, verificar_todos

pytestmark = pytest.mark.django_db

ATO = {"ato": "Portaria 110/2025", "autoridade": "Prefeita Maria Souza", "motivo": "engano"}


def _confirmar(certame: Any, rita: Any, dia: date = date(2025, 8, 3), n: int = 99) -> list[Any]:
    cargo = certame.cargos.get()
    atos = []
    for p in propostas_do_motor(certame=certame)[:n]:
        atos.append(
            nomeacao_confirmar(
                usuario=rita,
                cargo=cargo,
                inscricao=p.inscricao,
                portaria=f"{100 + p.ordem}/2025",
                data_portaria=dia,
            )
        )
    return atos


def _propostas(certame: Any) -> list[tuple[int, int, str, str]]:
    return [
        (p.ordem, p.vaga, p.inscricao, p.modalidade) for p in propostas_do_motor(certame=certame)
    ]


def _nomeacao(inscricao: str) -> Nomeacao:
    return Nomeacao.objects.exclude(situacao="sem_efeito").get(candidato__inscricao=inscricao)


def _auditoria_integra(certame: Any) -> None:
    """O registro, dobrado ato a ato, dá as tabelas e o motor (o que `verificar_auditoria`
    confere), e o comando sai com 0."""
    resultado = conferir(certame.pk)
    assert resultado.confere, resultado.diferenca
    saida = StringIO()
    call_command("verificar_auditoria", stdout=saida, stderr=StringIO())


def _recurso(candidato: Candidato, usuario: Any, data: date = date(2025, 7, 25)) -> Recurso:
    return recurso_interpor(
        usuario=usuario,
        candidato=candidato,
        recorrente="terceiro",
        recorrente_nome="Fulano",
        razoes="r",
        data=data,
    )


# --- datas conferidas contra o registro --------------------------------------------------------


def test_homologacao_antes_da_ultima_sessao_recusada_com_as_duas_datas(
    sessao: Any, carlos: Any, rita: Any
) -> None:
    verificar_todos(sessao, carlos)
    with pytest.raises(
        ValidationError,
        match=r"Homologação em 19/07/2025 recusada: a sessão da comissão de 20/07/2025 é "
        r"posterior",
    ):
        certame_homologar(usuario=rita, certame=sessao.certame, data=date(2025, 7, 19))
    certame_homologar(usuario=rita, certame=sessao.certame, data=date(2025, 7, 20))  # a borda


def test_homologacao_antes_do_ultimo_recurso_recusada(sessao: Any, carlos: Any, rita: Any) -> None:
    verificar_todos(sessao, carlos)
    recurso = _recurso(Candidato.objects.get(inscricao="1006"), carlos, date(2025, 7, 25))
    recurso_decidir(
        usuario=carlos,
        recurso=recurso,
        decisao="improvido",
        resultado_final="",
        fundamentacao="x",
        data=date(2025, 7, 28),
    )
    with pytest.raises(
        ValidationError,
        match=r"Homologação em 27/07/2025 recusada: a decisão do recurso de 28/07/2025 é "
        r"posterior",
    ):
        certame_homologar(usuario=rita, certame=sessao.certame, data=date(2025, 7, 27))
    certame_homologar(usuario=rita, certame=sessao.certame, data=date(2025, 7, 28))


def test_recurso_decidido_antes_de_interposto_recusado(sessao: Any, carlos: Any) -> None:
    verificar_todos(sessao, carlos)
    recurso = _recurso(Candidato.objects.get(inscricao="1006"), carlos, date(2025, 7, 25))
    with pytest.raises(
        ValidationError,
        match=r"Decisão do recurso em 24/07/2025 recusada: o recurso interposto de 25/07/2025 "
        r"é posterior",
    ):
        recurso_decidir(
            usuario=carlos,
            recurso=recurso,
            decisao="improvido",
            resultado_final="",
            fundamentacao="x",
            data=date(2025, 7, 24),
        )
    recurso_decidir(
        usuario=carlos,
        recurso=recurso,
        decisao="improvido",
        resultado_final="",
        fundamentacao="x",
        data=date(2025, 7, 25),
    )


def test_recurso_interposto_antes_da_sessao_do_parecer_recusado(sessao: Any, carlos: Any) -> None:
    verificar_todos(sessao, carlos)
    nadia = Candidato.objects.get(inscricao="1006")
    with pytest.raises(
        ValidationError,
        match=r"Recurso interposto em 19/07/2025 recusado: a sessão da comissão que deu o "
        r"parecer de 20/07/2025 é posterior",
    ):
        _recurso(nadia, carlos, date(2025, 7, 19))
    _recurso(nadia, carlos, date(2025, 7, 20))


def test_sessao_antes_do_edital_recusada(comissao_composta: Any, carlos: Any) -> None:
    with pytest.raises(
        ValidationError,
        match=r"Sessão da comissão em 09/06/2025 recusada: é anterior ao edital, de 10/06/2025",
    ):
        sessao_criar(usuario=carlos, certame=comissao_composta, data=date(2025, 6, 9), local="A")
    sessao_criar(usuario=carlos, certame=comissao_composta, data=date(2025, 6, 10), local="A")


def test_posse_antes_da_nomeacao_recusada(certame_homologado: Any, rita: Any) -> None:
    alice = _confirmar(certame_homologado, rita, n=1)[0]
    with pytest.raises(
        ValidationError,
        match=r"Posse em 02/08/2025 recusada: a nomeação \(portaria nº 101/2025\) de "
        r"03/08/2025 é posterior",
    ):
        nomeacao_registrar_posse(usuario=rita, nomeacao=alice, data=date(2025, 8, 2))
    nomeacao_registrar_posse(usuario=rita, nomeacao=alice, data=date(2025, 8, 3))


def test_falsidade_decidida_antes_da_notificacao_e_da_defesa_recusada(
    certame_homologado: Any, rita: Any
) -> None:
    nadia = Candidato.objects.get(inscricao="1006")
    with pytest.raises(
        ValidationError,
        match=r"Abertura do procedimento \(notificação\) em 09/06/2025 recusada: é anterior ao "
        r"edital, de 10/06/2025",
    ):
        fraude_abrir(usuario=rita, candidato=nadia, data=date(2025, 6, 9), motivo="m")
    proc = fraude_abrir(usuario=rita, candidato=nadia, data=date(2025, 9, 1), motivo="m")
    with pytest.raises(
        ValidationError,
        match=r"Defesa em 31/08/2025 recusada: a notificação do candidato \(abertura do "
        r"procedimento\) de 01/09/2025 é posterior",
    ):
        fraude_registrar_defesa(usuario=rita, procedimento=proc, data=date(2025, 8, 31), defesa="d")
    proc = fraude_registrar_defesa(
        usuario=rita, procedimento=proc, data=date(2025, 9, 5), defesa="d"
    )
    with pytest.raises(
        ValidationError,
        match=r"Decisão do procedimento em 04/09/2025 recusada: a defesa do candidato de "
        r"05/09/2025 é posterior",
    ):
        fraude_decidir(
            usuario=rita,
            procedimento=proc,
            data=date(2025, 9, 4),
            decisao="improcedente",
            fundamentacao="x",
            autoridade="Prefeita",
        )
    fraude_decidir(
        usuario=rita,
        procedimento=proc,
        data=date(2025, 9, 5),
        decisao="improcedente",
        fundamentacao="x",
        autoridade="Prefeita",
    )


def test_nomeacao_do_substituto_antes_da_saida_recusada(certame_homologado: Any, rita: Any) -> None:
    _confirmar(certame_homologado, rita)
    nomeacao_registrar_desistencia(
        usuario=rita, nomeacao=_nomeacao("1006"), data=date(2025, 8, 20), motivo="desistencia"
    )
    cargo = certame_homologado.cargos.get()
    with pytest.raises(
        ValidationError,
        match=r"Nomeação em 19/08/2025 recusada: a saída de 1006 \(portaria nº 103/2025\), que "
        r"ela substitui, de 20/08/2025 é posterior",
    ):
        nomeacao_confirmar(
            usuario=rita,
            cargo=cargo,
            inscricao="1007",
            portaria="201/2025",
            data_portaria=date(2025, 8, 19),
        )
    nomeacao_confirmar(
        usuario=rita,
        cargo=cargo,
        inscricao="1007",
        portaria="201/2025",
        data_portaria=date(2025, 8, 20),
    )


def test_nomeacao_em_vaga_nova_antes_da_oferta_recusada(certame_homologado: Any, rita: Any) -> None:
    _confirmar(certame_homologado, rita)
    cargo = certame_homologado.cargos.get()
    vagas_novas_ofertar(
        usuario=rita, cargo=cargo, data=date(2025, 9, 1), quantidade=1, justificativa="lei nova"
    )
    proxima = propostas_do_motor(certame=certame_homologado)[0]
    with pytest.raises(
        ValidationError,
        match=r"Nomeação em 31/08/2025 recusada: a oferta das novas vagas em que cai a vaga 6 "
        r"de 01/09/2025 é posterior",
    ):
        nomeacao_confirmar(
            usuario=rita,
            cargo=cargo,
            inscricao=proxima.inscricao,
            portaria="301/2025",
            data_portaria=date(2025, 8, 31),
        )
    nomeacao_confirmar(
        usuario=rita,
        cargo=cargo,
        inscricao=proxima.inscricao,
        portaria="301/2025",
        data_portaria=date(2025, 9, 1),
    )


def test_nomeacao_antes_da_oferta_do_edital_recusada(certame_homologado: Any, rita: Any) -> None:
    cargo = certame_homologado.cargos.get()
    with pytest.raises(
        ValidationError,
        match=r"Nomeação em 01/08/2025 recusada: a oferta das vagas do edital de 02/08/2025 é "
        r"posterior",
    ):
        nomeacao_confirmar(
            usuario=rita,
            cargo=cargo,
            inscricao="1001",
            portaria="101/2025",
            data_portaria=date(2025, 8, 1),
        )
    nomeacao_confirmar(
        usuario=rita,
        cargo=cargo,
        inscricao="1001",
        portaria="101/2025",
        data_portaria=date(2025, 8, 2),
    )


def test_ato_que_reordena_antes_do_ultimo_ato_recusado_nomeando_o_ato(
    certame_homologado: Any, rita: Any
) -> None:
    _confirmar(certame_homologado, rita)
    fabio = Candidato.objects.get(inscricao="1008")
    with pytest.raises(
        ValidationError,
        match=r"Desistência em 02/08/2025 recusada: já há ato registrado em 03/08/2025 \(a "
        r"portaria de nomeação\)",
    ):
        candidato_registrar_desistencia(usuario=rita, candidato=fabio, data=date(2025, 8, 2))
    candidato_registrar_desistencia(usuario=rita, candidato=fabio, data=date(2025, 8, 3))


def test_tornar_sem_efeito_antes_do_proprio_ato_recusado(
    certame_homologado: Any, rita: Any
) -> None:
    alice = _confirmar(certame_homologado, rita, n=1)[0]
    with pytest.raises(
        ValidationError,
        match=r"Tornar sem efeito a nomeação \(portaria nº 101/2025\) em 02/08/2025 recusado: "
        r"a nomeação \(portaria nº 101/2025\) de 03/08/2025 é posterior",
    ):
        nomeacao_tornar_sem_efeito(usuario=rita, nomeacao=alice, data=date(2025, 8, 2), **ATO)
    nomeacao_tornar_sem_efeito(usuario=rita, nomeacao=alice, data=date(2025, 8, 3), **ATO)


def test_o_ato_novo_exige_numero_autoridade_e_motivo_todos_de_uma_vez(
    certame_homologado: Any, rita: Any
) -> None:
    alice = _confirmar(certame_homologado, rita, n=1)[0]
    with pytest.raises(ValidationError) as erro:
        nomeacao_tornar_sem_efeito(
            usuario=rita, nomeacao=alice, data=date(2025, 8, 4), ato="", autoridade=" ", motivo=""
        )
    assert len(erro.value.messages) == 3
    assert Nomeacao.objects.get(pk=alice.pk).situacao == SituacaoNomeacao.NOMEADO


# --- tornar sem efeito ---------------------------------------------------------------------------


def test_nomeacao_tornada_sem_efeito_fica_gravada_e_a_vaga_volta_a_ser_proposta(
    certame_homologado: Any, rita: Any
) -> None:
    alice = _confirmar(certame_homologado, rita, n=1)[0]
    assert _propostas(certame_homologado)[0][2] == "1002"
    nomeacao_tornar_sem_efeito(usuario=rita, nomeacao=alice, data=date(2025, 8, 4), **ATO)
    gravada = Nomeacao.objects.get(pk=alice.pk)
    assert gravada.situacao == SituacaoNomeacao.SEM_EFEITO
    assert gravada.portaria == "101/2025" and gravada.data_portaria == date(2025, 8, 3)
    assert gravada.sem_efeito_texto == (
        "Tornada sem efeito (Portaria 110/2025, em 04/08/2025: engano)"
    )
    # A 1ª nomeação volta a ser proposta (a mesma candidata, a mesma vaga), e a certa se confirma.
    assert _propostas(certame_homologado)[0] == (1, 1, "1001", "ampla")
    cargo = certame_homologado.cargos.get()
    nova = nomeacao_confirmar(
        usuario=rita,
        cargo=cargo,
        inscricao="1001",
        portaria="111/2025",
        data_portaria=date(2025, 8, 4),
    )
    assert (nova.ordem, nova.vaga) == (1, 1)
    assert Nomeacao.objects.filter(candidato__inscricao="1001").count() == 2
    with pytest.raises(ValidationError, match="já foi tornada sem efeito"):
        nomeacao_tornar_sem_efeito(usuario=rita, nomeacao=gravada, data=date(2025, 8, 5), **ATO)
    registro = Registro.objects.get(acao="nomeacao_sem_efeito")
    assert "Portaria 110/2025" in registro.descricao
    assert "Prefeita Maria Souza" in registro.descricao
    _auditoria_integra(certame_homologado)


def test_cabeca_exportada_antes_confere_depois_de_tornar_sem_efeito(
    certame_homologado: Any, rita: Any, tmp_path: Any
) -> None:
    """O ato que torna a nomeação sem efeito é registrado: a impressão das nomeações guardada
    na cabeça exportada antes dele continua a conferir (não é mudança sem ato)."""
    alice = _confirmar(certame_homologado, rita, n=1)[0]
    arquivo = tmp_path / "cabecas.jsonl"
    call_command("exportar_cabecas_auditoria", "--saida", str(arquivo), stdout=StringIO())
    nomeacao_tornar_sem_efeito(usuario=rita, nomeacao=alice, data=date(2025, 8, 4), **ATO)
    saida = StringIO()
    call_command("verificar_auditoria", "--cabecas", str(arquivo), stdout=saida, stderr=StringIO())
    assert "mudaram" not in saida.getvalue()


def test_nomeacao_com_posse_ou_desistencia_nao_se_torna_sem_efeito(
    certame_homologado: Any, rita: Any
) -> None:
    alice, beatriz = _confirmar(certame_homologado, rita, n=2)
    nomeacao_registrar_posse(usuario=rita, nomeacao=alice, data=date(2025, 8, 5))
    with pytest.raises(ValidationError, match=r"a posse de 05/08/2025 depende dela"):
        nomeacao_tornar_sem_efeito(usuario=rita, nomeacao=alice, data=date(2025, 8, 6), **ATO)
    nomeacao_registrar_desistencia(
        usuario=rita, nomeacao=beatriz, data=date(2025, 8, 6), motivo="desistencia"
    )
    with pytest.raises(
        ValidationError,
        match=r"a desistência de 06/08/2025 depende dela; torne sem efeito primeiro a "
        r"desistência",
    ):
        nomeacao_tornar_sem_efeito(usuario=rita, nomeacao=beatriz, data=date(2025, 8, 7), **ATO)


def test_desistencia_tornada_sem_efeito_devolve_a_nomeacao_e_tira_o_substituto(
    certame_homologado: Any, rita: Any
) -> None:
    _confirmar(certame_homologado, rita)
    nomeacao_registrar_desistencia(
        usuario=rita, nomeacao=_nomeacao("1006"), data=date(2025, 8, 20), motivo="desistencia"
    )
    # A vaga reservada volta à lista dos negros: o próximo é 1007.
    assert [p[2] for p in _propostas(certame_homologado)] == ["1007"]
    desistencia = Desistencia.objects.get()
    desistencia_tornar_sem_efeito(
        usuario=rita, desistencia=desistencia, data=date(2025, 8, 21), **ATO
    )
    assert _propostas(certame_homologado) == []  # 1007 deixa de ser proposto
    nadia = _nomeacao("1006")
    assert nadia.situacao == SituacaoNomeacao.NOMEADO and nadia.encerrada_em is None
    gravada = Desistencia.objects.get()
    assert gravada.data == date(2025, 8, 20) and not gravada.em_vigor
    assert "Tornada sem efeito (Portaria 110/2025, em 21/08/2025" in gravada.sem_efeito_texto
    _auditoria_integra(certame_homologado)


def test_desistencia_cujo_substituto_ja_foi_nomeado_recusada_ate_desfazer_a_nomeacao(
    certame_homologado: Any, rita: Any
) -> None:
    _confirmar(certame_homologado, rita)
    nomeacao_registrar_desistencia(
        usuario=rita, nomeacao=_nomeacao("1006"), data=date(2025, 8, 20), motivo="desistencia"
    )
    cargo = certame_homologado.cargos.get()
    nilo = nomeacao_confirmar(
        usuario=rita,
        cargo=cargo,
        inscricao="1007",
        portaria="201/2025",
        data_portaria=date(2025, 8, 21),
    )
    desistencia = Desistencia.objects.get()
    with pytest.raises(
        ValidationError,
        match=r"o substituto 1007 — Nilo Pardo já foi nomeado pela portaria nº 201/2025, de "
        r"21/08/2025\. Torne sem efeito primeiro essa nomeação",
    ):
        desistencia_tornar_sem_efeito(
            usuario=rita, desistencia=desistencia, data=date(2025, 8, 22), **ATO
        )
    assert Desistencia.objects.get().em_vigor
    nomeacao_tornar_sem_efeito(usuario=rita, nomeacao=nilo, data=date(2025, 8, 22), **ATO)
    desistencia_tornar_sem_efeito(
        usuario=rita, desistencia=desistencia, data=date(2025, 8, 22), **ATO
    )
    assert _propostas(certame_homologado) == []
    _auditoria_integra(certame_homologado)


def test_desistencia_de_quem_nao_foi_nomeado_tornada_sem_efeito_volta_as_listas(
    certame_homologado: Any, rita: Any
) -> None:
    alice = Candidato.objects.get(inscricao="1001")
    candidato_registrar_desistencia(usuario=rita, candidato=alice, data=date(2025, 8, 2))
    assert "1001" not in [p[2] for p in _propostas(certame_homologado)]
    desistencia_tornar_sem_efeito(
        usuario=rita, desistencia=Desistencia.objects.get(), data=date(2025, 8, 3), **ATO
    )
    assert _propostas(certame_homologado)[0] == (1, 1, "1001", "ampla")
    # De novo nas listas, pode desistir outra vez (a desfeita não conta).
    candidato_registrar_desistencia(usuario=rita, candidato=alice, data=date(2025, 8, 4))
    assert Desistencia.objects.filter(sem_efeito_em__isnull=True).count() == 1
    _auditoria_integra(certame_homologado)


def test_desistencia_sem_efeito_aparece_na_pagina_do_candidato(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    alice = Candidato.objects.get(inscricao="1001")
    candidato_registrar_desistencia(usuario=rita, candidato=alice, data=date(2025, 8, 2))
    url = reverse("candidatos:detalhe", args=[certame_homologado.pk, alice.pk])
    entrar(client, rita)
    pagina = client.get(url).content.decode()
    desfazer = reverse(
        "nomeacoes:desistencia_sem_efeito",
        args=[certame_homologado.pk, Desistencia.objects.get().pk],
    )
    assert "Desistiu" in pagina and desfazer in pagina
    desistencia_tornar_sem_efeito(
        usuario=rita, desistencia=Desistencia.objects.get(), data=date(2025, 8, 3), **ATO
    )
    pagina = client.get(url).content.decode()
    assert "Tornada sem efeito (Portaria 110/2025, em 03/08/2025: engano)" in pagina
    assert "Registrar desistência (antes da nomeação)" in pagina


def test_novas_vagas_tornadas_sem_efeito_saem_da_reserva_e_das_propostas(
    certame_homologado: Any, rita: Any
) -> None:
    _confirmar(certame_homologado, rita)
    cargo = certame_homologado.cargos.get()
    oferta = vagas_novas_ofertar(
        usuario=rita, cargo=cargo, data=date(2025, 9, 1), quantidade=2, justificativa="por engano"
    )
    assert len(_propostas(certame_homologado)) == 2
    vagas_tornar_sem_efeito(usuario=rita, oferta=oferta, data=date(2025, 9, 2), **ATO)
    assert _propostas(certame_homologado) == []
    assert [lt.quantidade for lt in lotes_do_cargo(cargo)] == [5]
    assert OfertaVagas.objects.get(pk=oferta.pk).quantidade == 2  # gravada, sem efeito
    _auditoria_integra(certame_homologado)


def test_novas_vagas_com_nomeacao_numa_vaga_dela_recusadas(
    certame_homologado: Any, rita: Any
) -> None:
    _confirmar(certame_homologado, rita)
    cargo = certame_homologado.cargos.get()
    oferta = vagas_novas_ofertar(
        usuario=rita, cargo=cargo, data=date(2025, 9, 1), quantidade=1, justificativa="x"
    )
    sexta = _confirmar(certame_homologado, rita, date(2025, 9, 1))[0]
    with pytest.raises(
        ValidationError,
        match=rf"a nomeação de {sexta.candidato.inscricao} — .* \(vaga 6, portaria nº "
        r"106/2025, de 01/09/2025\) foi confirmada numa vaga dela",
    ):
        vagas_tornar_sem_efeito(usuario=rita, oferta=oferta, data=date(2025, 9, 2), **ATO)
    nomeacao_tornar_sem_efeito(usuario=rita, nomeacao=sexta, data=date(2025, 9, 2), **ATO)
    vagas_tornar_sem_efeito(usuario=rita, oferta=oferta, data=date(2025, 9, 2), **ATO)
    _auditoria_integra(certame_homologado)


def test_vagas_do_edital_nao_se_tornam_sem_efeito(certame_homologado: Any, rita: Any) -> None:
    edital = OfertaVagas.objects.get(do_edital=True)
    with pytest.raises(ValidationError, match="vagas do edital"):
        vagas_tornar_sem_efeito(usuario=rita, oferta=edital, data=date(2025, 9, 2), **ATO)


def test_parecer_tornado_sem_efeito_volta_a_aguardar_convocacao(
    sessao: Any, carlos: Any, rita: Any
) -> None:
    verificar_todos(sessao, carlos)
    certame = sessao.certame
    conv = Convocacao.objects.get(candidato__inscricao="1006")
    assert not a_convocar(certame=certame).exists()
    parecer_tornar_sem_efeito(usuario=carlos, convocacao=conv, data=date(2025, 7, 21), **ATO)
    nadia = Candidato.objects.get(inscricao="1006")
    assert nadia.verificacao("negros") == "pendente"
    assert list(a_convocar(certame=certame).values_list("inscricao", flat=True)) == ["1006"]
    assert Convocacao.objects.get(pk=conv.pk).resultado == "confirmado"  # gravado, sem efeito
    with pytest.raises(ValidationError, match="sem parecer da comissão"):
        certame_homologar(usuario=rita, certame=certame, data=date(2025, 8, 1))
    # A nova sessão dá o parecer certo; a homologação não vem antes dela.
    nova = sessao_criar(usuario=carlos, certame=certame, data=date(2025, 7, 30), local="B")
    from cotas_web.comissao.services import candidatos_convocar

    candidatos_convocar(usuario=carlos, sessao=nova)
    verificar_todos(nova, carlos, reconhece=False)
    assert Candidato.objects.get(inscricao="1006").verificacao("negros") == "nao_confirmado"
    with pytest.raises(ValidationError, match="a sessão da comissão de 30/07/2025 é posterior"):
        certame_homologar(usuario=rita, certame=certame, data=date(2025, 7, 29))
    certame_homologar(usuario=rita, certame=certame, data=date(2025, 7, 30))
    _auditoria_integra(certame)


def test_parecer_com_recurso_decidido_ou_depois_da_homologacao_recusado(
    sessao: Any, carlos: Any, rita: Any
) -> None:
    verificar_todos(sessao, carlos)
    nadia = Candidato.objects.get(inscricao="1006")
    conv = Convocacao.objects.get(candidato=nadia)
    recurso = _recurso(nadia, carlos)
    recurso_decidir(
        usuario=carlos,
        recurso=recurso,
        decisao="improvido",
        resultado_final="",
        fundamentacao="x",
        data=date(2025, 7, 26),
    )
    with pytest.raises(
        ValidationError,
        match=r"a decisão do recurso de Fulano \(Não provido, em 26/07/2025\) depende dele",
    ):
        parecer_tornar_sem_efeito(usuario=carlos, convocacao=conv, data=date(2025, 7, 27), **ATO)
    certame_homologar(usuario=rita, certame=sessao.certame, data=date(2025, 8, 1))
    with pytest.raises(
        ValidationError, match=r"a homologação da classificação final, de 01/08/2025, depende"
    ):
        recurso_tornar_sem_efeito(usuario=carlos, recurso=recurso, data=date(2025, 8, 2), **ATO)
    with pytest.raises(ValidationError, match="depois da homologação"):
        parecer_tornar_sem_efeito(usuario=carlos, convocacao=conv, data=date(2025, 8, 2), **ATO)


def test_recurso_decidido_por_engano_e_decidido_de_novo(sessao: Any, carlos: Any) -> None:
    verificar_todos(sessao, carlos)
    nadia = Candidato.objects.get(inscricao="1006")
    recurso = _recurso(nadia, carlos)
    recurso_decidir(
        usuario=carlos,
        recurso=recurso,
        decisao="provido",
        resultado_final="nao_confirmado",
        fundamentacao="x",
        data=date(2025, 7, 26),
    )
    assert Candidato.objects.get(pk=nadia.pk).verificacao("negros") == "nao_confirmado"
    with pytest.raises(ValidationError, match="torne a decisão sem efeito"):
        recurso_decidir(
            usuario=carlos,
            recurso=recurso,
            decisao="improvido",
            resultado_final="",
            fundamentacao="x",
            data=date(2025, 7, 27),
        )
    reaberto = recurso_tornar_sem_efeito(
        usuario=carlos, recurso=recurso, data=date(2025, 7, 27), **ATO
    )
    assert Candidato.objects.get(pk=nadia.pk).verificacao("negros") == "confirmado"
    original = Recurso.objects.get(pk=recurso.pk)
    assert original.decisao == "provido" and original.decidido_em == date(2025, 7, 26)
    assert original.sem_efeito_texto.startswith("Decisão tornada sem efeito (Portaria 110/2025")
    assert reaberto.reaberto_de_id == recurso.pk and reaberto.decisao == ""
    recurso_decidir(
        usuario=carlos,
        recurso=reaberto,
        decisao="improvido",
        resultado_final="",
        fundamentacao="mantido",
        data=date(2025, 7, 27),
    )
    assert Candidato.objects.get(pk=nadia.pk).verificacao("negros") == "confirmado"
    _auditoria_integra(sessao.certame)


def test_falsidade_depois_anula_so_a_nomeacao_em_vigor(certame_homologado: Any, rita: Any) -> None:
    atos = _confirmar(certame_homologado, rita, n=3)
    nadia = atos[2]
    assert nadia.candidato.inscricao == "1006"
    nomeacao_tornar_sem_efeito(usuario=rita, nomeacao=nadia, data=date(2025, 8, 4), **ATO)
    nova = nomeacao_confirmar(
        usuario=rita,
        cargo=certame_homologado.cargos.get(),
        inscricao="1006",
        portaria="120/2025",
        data_portaria=date(2025, 8, 4),
    )
    proc = fraude_abrir(usuario=rita, candidato=nadia.candidato, data=date(2025, 9, 1), motivo="m")
    proc = fraude_registrar_defesa(
        usuario=rita, procedimento=proc, data=date(2025, 9, 2), defesa="d"
    )
    fraude_decidir(
        usuario=rita,
        procedimento=proc,
        data=date(2025, 9, 3),
        decisao="falsidade",
        fundamentacao="x",
        autoridade="Prefeita",
    )
    assert Nomeacao.objects.get(pk=nadia.pk).situacao == SituacaoNomeacao.SEM_EFEITO
    assert Nomeacao.objects.get(pk=nova.pk).situacao == SituacaoNomeacao.ANULADA
    _auditoria_integra(certame_homologado)


# --- pelas páginas, com o papel certo ---------------------------------------------------------


def test_rh_torna_sem_efeito_pela_tela_vendo_as_consequencias(
    client: Any, certame_homologado: Any, rita: Any, carlos: Any
) -> None:
    alice = _confirmar(certame_homologado, rita, n=1)[0]
    url = reverse("nomeacoes:nomeacao_sem_efeito", args=[certame_homologado.pk, alice.pk])
    entrar(client, carlos)
    assert client.get(url).status_code == 403
    entrar(client, rita)
    painel = client.get(reverse("nomeacoes:painel", args=[certame_homologado.pk])).content.decode()
    assert url in painel
    assert client.get(url).status_code == 200
    dados = {"data": "2025-08-04", **ATO}
    pergunta = client.post(url, dados).content.decode()
    assert "Confirmar: tornar sem efeito a nomeação de 1001" in pergunta
    assert "Passa a ser proposta: PROF: 1ª nomeação, vaga 1 — 1001 Alice Branco" in pergunta
    assert Nomeacao.objects.get(pk=alice.pk).situacao == SituacaoNomeacao.NOMEADO  # só pergunta
    resposta = client.post(url, {**dados, "confirmar": "1"})
    assert resposta.status_code == 302
    assert Nomeacao.objects.get(pk=alice.pk).situacao == SituacaoNomeacao.SEM_EFEITO
    painel = client.get(reverse("nomeacoes:painel", args=[certame_homologado.pk])).content.decode()
    assert "Tornada sem efeito (Portaria 110/2025, em 04/08/2025: engano)" in painel
    # A simulação da página de confirmação não deixou rastro: um registro só, a cadeia íntegra.
    assert Registro.objects.filter(acao="nomeacao_sem_efeito").count() == 1
    _auditoria_integra(certame_homologado)


def test_recusa_aparece_antes_da_confirmacao(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    _confirmar(certame_homologado, rita)
    nomeacao_registrar_desistencia(
        usuario=rita, nomeacao=_nomeacao("1006"), data=date(2025, 8, 20), motivo="desistencia"
    )
    nomeacao_confirmar(
        usuario=rita,
        cargo=certame_homologado.cargos.get(),
        inscricao="1007",
        portaria="201/2025",
        data_portaria=date(2025, 8, 21),
    )
    url = reverse(
        "nomeacoes:desistencia_sem_efeito",
        args=[certame_homologado.pk, Desistencia.objects.get().pk],
    )
    entrar(client, rita)
    pagina = client.post(url, {"data": "2025-08-22", **ATO}, follow=True).content.decode()
    assert "já foi nomeado pela portaria nº 201/2025" in pagina
    assert "Confirmar:" not in pagina
    assert Desistencia.objects.get().em_vigor


def test_comissao_torna_sem_efeito_o_parecer_e_a_decisao_pela_tela(
    client: Any, sessao: Any, carlos: Any, rita: Any
) -> None:
    verificar_todos(sessao, carlos)
    certame = sessao.certame
    nadia = Candidato.objects.get(inscricao="1006")
    recurso = _recurso(nadia, carlos)
    recurso_decidir(
        usuario=carlos,
        recurso=recurso,
        decisao="provido",
        resultado_final="nao_confirmado",
        fundamentacao="x",
        data=date(2025, 7, 26),
    )
    url = reverse("comissao:recurso_sem_efeito", args=[certame.pk, recurso.pk])
    entrar(client, rita)
    assert client.get(url).status_code == 403
    entrar(client, carlos)
    assert url in client.get(reverse("comissao:painel", args=[certame.pk])).content.decode()
    dados = {"data": "2025-07-27", **ATO}
    pergunta = client.post(url, dados).content.decode()
    assert "Volta a valer o parecer anterior: Confirmado" in pergunta
    assert client.post(url, {**dados, "confirmar": "1"}).status_code == 302
    painel = client.get(reverse("comissao:painel", args=[certame.pk])).content.decode()
    assert "Decisão tornada sem efeito (Portaria 110/2025, em 27/07/2025: engano)" in painel
    # O parecer: só depois de desfeita a decisão do recurso (já desfeita), pela sessão.
    conv = Convocacao.objects.get(candidato=nadia)
    url = reverse("comissao:parecer_sem_efeito", args=[certame.pk, conv.pk])
    pagina_sessao = client.get(reverse("comissao:sessao", args=[certame.pk, sessao.pk]))
    assert url in pagina_sessao.content.decode()
    pergunta = client.post(url, dados).content.decode()
    assert "volta a aguardar o parecer da comissão" in pergunta
    assert client.post(url, {**dados, "confirmar": "1"}).status_code == 302
    pagina_sessao = client.get(reverse("comissao:sessao", args=[certame.pk, sessao.pk]))
    assert "Parecer tornado sem efeito (Portaria 110/2025, em 27/07/2025: engano)" in (
        pagina_sessao.content.decode()
    )
    _auditoria_integra(certame)


# --- 10 pedidos simultâneos, um efeito (PostgreSQL) --------------------------------------------


@pytest.fixture
def banco_que_espera_a_vez() -> None:
    """Antes de qualquer dado: no SQLite em memória a escrita concorrente falha na hora em vez
    de esperar a vez (a corrida só se reproduz no PostgreSQL ou no SQLite em arquivo)."""
    if connection.vendor == "sqlite" and connection.is_in_memory_db():  # type: ignore[attr-defined]
        pytest.skip("SQLite em memória não espera a vez; rode no PostgreSQL (scripts/postgres.sh)")


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_nomeacao_tornada_sem_efeito_uma_vez(
    banco_que_espera_a_vez: None, certame_homologado: Any, rita: Any
) -> None:
    """Dez pedidos ao mesmo tempo (threads soltas juntas, cada uma com a sua conexão, como os
    processos do gunicorn): um efeito, um registro, nove recusas claras."""
    alice = _confirmar(certame_homologado, rita, n=1)[0]
    n = 10
    barreira = threading.Barrier(n)
    resultados: list[Any] = [None] * n

    def correr(i: int, copia: Nomeacao) -> None:
        try:
            barreira.wait()
            resultados[i] = nomeacao_tornar_sem_efeito(
                usuario=rita, nomeacao=copia, data=date(2025, 8, 4), **ATO
            )
        except BaseException as erro:  # (a exceção é o que o teste confere)
            resultados[i] = erro
        finally:
            connection.close()

    threads = [
        threading.Thread(target=correr, args=(i, Nomeacao.objects.get(pk=alice.pk)))
        for i in range(n)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    inesperadas = [
        r for r in resultados if isinstance(r, BaseException) and not isinstance(r, ValidationError)
    ]
    assert not inesperadas, inesperadas
    recusas = [r for r in resultados if isinstance(r, ValidationError)]
    assert len(recusas) == n - 1
    assert all("já foi tornada sem efeito" in str(r) for r in recusas)
    assert Registro.objects.filter(acao="nomeacao_sem_efeito").count() == 1
    assert Nomeacao.objects.get(pk=alice.pk).situacao == SituacaoNomeacao.SEM_EFEITO
