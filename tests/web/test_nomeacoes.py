"""Ofertas de vagas, nomeações propostas pelo motor e confirmadas por portaria, posse e saída."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from cotas_web.candidatos.models import Candidato
from cotas_web.nomeacoes.models import Nomeacao
from cotas_web.nomeacoes.selectors import propostas_do_motor
from cotas_web.nomeacoes.services import (
    nomeacao_confirmar,
    nomeacao_registrar_desistencia,
    nomeacao_registrar_posse,
    vagas_edital_ofertar,
    vagas_novas_ofertar,
)

from .conftest import entrar

pytestmark = pytest.mark.django_db


def _confirmar_todas(certame: Any, rita: Any, dia: date = date(2025, 8, 3)) -> list[Nomeacao]:
    cargo = certame.cargos.get()
    return [
        nomeacao_confirmar(
            usuario=rita,
            cargo=cargo,
            inscricao=p.inscricao,
            portaria=f"{100 + p.ordem}/2025",
            data_portaria=dia,
        )
        for p in propostas_do_motor(certame=certame)
    ]


def test_motor_propoe_quem_qual_vaga_qual_lista_e_por_que(certame_homologado: Any) -> None:
    propostas = propostas_do_motor(certame=certame_homologado)
    assert [(p.vaga, p.inscricao, p.modalidade) for p in propostas] == [
        (1, "1001", "ampla"),
        (2, "1002", "ampla"),
        (3, "1006", "negros"),
        (4, "1003", "ampla"),
        (5, "1004", "ampla"),
    ]
    terceira = propostas[2]
    assert terceira.reservada_para == "negros"
    assert "fora das vagas de ampla concorrência" in terceira.razao
    assert "art. 15" in terceira.fundamento


def test_nao_se_oferta_antes_da_homologacao(certame_com_candidatos: Any, rita: Any) -> None:
    with pytest.raises(ValidationError, match="Homologue"):
        vagas_edital_ofertar(usuario=rita, certame=certame_com_candidatos, data=date(2025, 8, 1))


def test_confirmacao_na_ordem_e_com_portaria(certame_homologado: Any, rita: Any) -> None:
    cargo = certame_homologado.cargos.get()
    with pytest.raises(ValidationError, match="na ordem"):
        nomeacao_confirmar(
            usuario=rita,
            cargo=cargo,
            inscricao="1006",
            portaria="1/2025",
            data_portaria=date(2025, 8, 3),
        )
    atos = _confirmar_todas(certame_homologado, rita)
    assert [a.candidato.inscricao for a in atos] == ["1001", "1002", "1006", "1003", "1004"]
    assert atos[2].modalidade == "negros" and atos[2].portaria == "103/2025"
    assert propostas_do_motor(certame=certame_homologado) == []


def test_nomeacao_depois_da_validade_e_recusada(certame_homologado: Any, rita: Any) -> None:
    cargo = certame_homologado.cargos.get()
    with pytest.raises(ValidationError, match="validade"):
        nomeacao_confirmar(
            usuario=rita,
            cargo=cargo,
            inscricao="1001",
            portaria="1/2027",
            data_portaria=date(2027, 6, 11),
        )
    with pytest.raises(ValidationError, match="validade"):
        vagas_novas_ofertar(
            usuario=rita, cargo=cargo, data=date(2027, 6, 11), quantidade=1, justificativa="x"
        )


def test_desistencia_em_vaga_reservada_chama_o_proximo_negro(
    certame_homologado: Any, rita: Any
) -> None:
    atos = _confirmar_todas(certame_homologado, rita)
    nadia = atos[2]
    nomeacao_registrar_desistencia(
        usuario=rita, nomeacao=nadia, data=date(2025, 8, 20), motivo="desistencia"
    )
    (proposta,) = propostas_do_motor(certame=certame_homologado)
    assert (proposta.vaga, proposta.inscricao, proposta.modalidade, proposta.substitui) == (
        3,
        "1007",
        "negros",
        "1006",
    )
    ato = nomeacao_confirmar(
        usuario=rita,
        cargo=nadia.cargo,
        inscricao="1007",
        portaria="200/2025",
        data_portaria=date(2025, 8, 21),
    )
    assert ato.substitui == nadia
    nadia.refresh_from_db()
    assert nadia.situacao == "desistente"


def test_prazo_de_posse_esgotado_em_vaga_ampla_chama_o_proximo_geral(
    certame_homologado: Any, rita: Any
) -> None:
    atos = _confirmar_todas(certame_homologado, rita)
    nomeacao_registrar_desistencia(
        usuario=rita, nomeacao=atos[0], data=date(2025, 9, 3), motivo="sem_posse"
    )
    (proposta,) = propostas_do_motor(certame=certame_homologado)
    assert (proposta.vaga, proposta.inscricao, proposta.modalidade) == (1, "1005", "ampla")


def test_posse_em_vaga_reservada_so_apos_parecer(certame_homologado: Any, rita: Any) -> None:
    atos = _confirmar_todas(certame_homologado, rita)
    nadia = atos[2]
    # Situação anômala forçada: o parecer some (ex.: recurso anulado); a posse é recusada.
    Candidato.objects.filter(inscricao="1006").update(verificacoes={"negros": "pendente"})
    with pytest.raises(ValidationError, match=r"art\. 5º, II"):
        nomeacao_registrar_posse(usuario=rita, nomeacao=nadia, data=date(2025, 8, 10))
    Candidato.objects.filter(inscricao="1006").update(verificacoes={"negros": "confirmado"})
    nomeacao_registrar_posse(usuario=rita, nomeacao=nadia, data=date(2025, 8, 10))
    nadia.refresh_from_db()
    assert nadia.situacao == "empossado"
    with pytest.raises(ValidationError):
        nomeacao_registrar_desistencia(
            usuario=rita, nomeacao=nadia, data=date(2025, 8, 11), motivo="desistencia"
        )


def test_novas_vagas_com_justificativa(certame_homologado: Any, rita: Any) -> None:
    _confirmar_todas(certame_homologado, rita)
    cargo = certame_homologado.cargos.get()
    with pytest.raises(ValidationError, match="justificativa"):
        vagas_novas_ofertar(
            usuario=rita, cargo=cargo, data=date(2025, 10, 1), quantidade=2, justificativa=" "
        )
    vagas_novas_ofertar(
        usuario=rita,
        cargo=cargo,
        data=date(2025, 10, 1),
        quantidade=2,
        justificativa="Lei cria 2 cargos",
    )
    propostas = propostas_do_motor(certame=certame_homologado)
    assert [(p.vaga, p.inscricao) for p in propostas] == [(6, "1005"), (7, "1007")]


def test_painel_de_nomeacoes_pela_tela(client: Any, certame_homologado: Any, rita: Any) -> None:
    entrar(client, rita)
    cargo = certame_homologado.cargos.get()
    url = reverse("nomeacoes:painel", args=[certame_homologado.pk])
    html = client.get(url).content.decode()
    assert "Confirmar nomeação de 1001" in html
    assert "reservada a negros" in html
    resposta = client.post(
        reverse("nomeacoes:confirmar", args=[certame_homologado.pk, cargo.pk]),
        {
            "inscricao": "1001",
            "portaria": "101/2025",
            "data_portaria": "2025-08-03",
            "confirmar": "1",
        },
    )
    assert resposta.status_code == 302
    ato = Nomeacao.objects.get()
    client.post(
        reverse("nomeacoes:desistencia", args=[certame_homologado.pk, ato.pk]),
        {"data": "2025-08-05", "motivo": "desistencia", "confirmar": "1"},
    )
    ato.refresh_from_db()
    assert ato.situacao == "desistente"
    html = client.get(url).content.decode()
    assert "substitui 1001" in html


def test_desistencia_antes_da_nomeacao_tira_das_listas(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    nadia = Candidato.objects.get(inscricao="1006")
    entrar(client, rita).post(
        reverse("candidatos:desistencia", args=[certame_homologado.pk, nadia.pk]),
        {"data": "2025-08-02", "confirmar": "1"},
    )
    propostas = propostas_do_motor(certame=certame_homologado)
    (terceira,) = [p for p in propostas if p.vaga == 3]
    assert (terceira.inscricao, terceira.modalidade) == ("1007", "negros")
    assert "1006" not in {p.inscricao for p in propostas}
    from cotas_web.nomeacoes.services import candidato_registrar_desistencia

    with pytest.raises(ValidationError, match="já saiu"):
        candidato_registrar_desistencia(usuario=rita, candidato=nadia, data=date(2025, 8, 3))


def test_desistencia_sem_data_diz_qual_campo(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    nadia = Candidato.objects.get(inscricao="1006")
    resposta = entrar(client, rita).post(
        reverse("candidatos:desistencia", args=[certame_homologado.pk, nadia.pk]),
        {"data": ""},
        follow=True,
    )
    html = resposta.content.decode()
    assert "Data" in html and "obrigatório" in html
    assert "data:" not in html  # o rótulo do campo, não a chave interna


def test_propostas_nao_carregam_todos_os_inscritos(certame_homologado: Any) -> None:
    """Num certame nacional (milhões de inscritos) o painel e cada ato reencenam o certame: a
    reencenação lê os candidatos em colunas, sem criar um objeto do Django por inscrição, e as
    propostas só trazem do banco os candidatos propostos."""
    from django.db.models.signals import post_init

    from cotas_web.ponte import reencenacao

    criados: list[str] = []

    def contar(sender: Any, instance: Candidato, **_: Any) -> None:
        criados.append(instance.inscricao)

    post_init.connect(contar, sender=Candidato)
    try:
        reencenacao.reencenar(certame_homologado)
        assert criados == []
        propostas = propostas_do_motor(certame=certame_homologado)
    finally:
        post_init.disconnect(contar, sender=Candidato)
    assert sorted(criados) == sorted(p.inscricao for p in propostas)
    assert len(criados) < certame_homologado.candidatos.count()


def test_painel_com_muitos_cargos_abre_num_resumo_e_cada_cargo_a_parte(
    client: Any, monkeypatch: Any
) -> None:
    """Com mais cargos que `PAINEL_CARGOS_POR_EXTENSO` (um concurso nacional tem centenas), o
    painel mostra um resumo por cargo; `?cargo=` abre um, e a confirmação volta a ele."""
    from io import StringIO

    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from cotas_web.certames.models import Certame
    from cotas_web.nomeacoes import views

    call_command("carregar_exemplo", "--demo", stdout=StringIO())
    certame = Certame.objects.get(nome="Concurso Público 01/2025")  # (o do cenário)
    monkeypatch.setattr(views, "PAINEL_CARGOS_POR_EXTENSO", 2)
    entrar(client, get_user_model().objects.get(username="rh"))
    url = reverse("nomeacoes:painel", args=[certame.pk])
    # O resumo sai só do banco: não abre o livro de cargo nenhum (num certame de centenas de
    # cargos, abrir todos levava dezenas de segundos).
    from cotas_web.nomeacoes import selectors

    def _sem_motor(**_: Any) -> Any:
        raise AssertionError("o resumo não pede as propostas ao motor")

    with monkeypatch.context() as m:
        m.setattr(selectors, "propostas_do_motor", _sem_motor)
        resumo = client.get(url).content.decode()
    assert "3 cargos: abra um" in resumo
    assert "?cargo=ENF" in resumo and "Confirmar nomeação de" not in resumo
    enf = client.get(url, {"cargo": "ENF"}).content.decode()
    assert "Todos os cargos" in enf and "Confirmar nomeação de" in enf
    assert "Próximas nomeações, na ordem da lei — ENF" in enf
    assert "Próximas nomeações, na ordem da lei — AGT-ADM" not in enf
    assert 'name="cargo_do_painel" value="ENF"' in enf
    proxima = propostas_do_motor(certame=certame)
    primeira_enf = next(p for p in proxima if p.cargo.codigo == "ENF")
    r = client.post(
        reverse("nomeacoes:confirmar", args=[certame.pk, primeira_enf.cargo.pk]),
        {
            "inscricao": primeira_enf.inscricao,
            "portaria": "7/2025",
            "data_portaria": "2025-09-01",
            "cargo_do_painel": "ENF",
            "confirmar": "1",
        },
    )
    assert r.status_code == 302 and r["Location"] == f"{url}?cargo=ENF"
    assert Nomeacao.objects.filter(candidato__inscricao=primeira_enf.inscricao).exists()
    assert client.get(url, {"cargo": "NAO-HA"}).status_code == 404
    # Cada cargo com as vagas ofertadas, as nomeações em vigor e as vagas sem nomeação em vigor.
    resumo = client.get(url).content.decode()
    vistos = []
    for cargo in certame.cargos.all():
        ofertadas = sum(o.quantidade for o in cargo.ofertas.filter(sem_efeito_em__isnull=True))
        em_vigor = cargo.nomeacoes.filter(situacao__in=("nomeado", "empossado")).count()
        feitas = cargo.nomeacoes.count()
        linha = (
            f"{cargo.codigo} — {cargo.nome}</a></td><td>{ofertadas}</td><td>{feitas}</td>"
            f"<td>{em_vigor}</td><td>{max(ofertadas - em_vigor, 0)}</td>"
        )
        assert linha in resumo, linha
        vistos.append((ofertadas, em_vigor))
    assert all(o > 0 for o, _ in vistos) and any(e > 0 for _, e in vistos), vistos
    monkeypatch.setattr(views, "PAINEL_CARGOS_POR_EXTENSO", 3)
    assert "Confirmar nomeação de" in client.get(url).content.decode()


def test_saida_no_dia_das_novas_vagas_ja_nomeadas_nao_move_as_portarias(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    """A jornada do teste no navegador: novas vagas oferecidas e nomeadas por portaria num dia
    e, registrada depois, a desistência de um nomeado com a mesma data. O livro aplica as saídas
    do dia antes das novas vagas: a vaga do desistente passava à frente da nomeação já
    publicada, que mudava de número (a 6ª virava 7ª, e a portaria seguinte também dizia 6ª); antes
    ainda, ia a quem a portaria já tinha nomeado, e a confirmação dava 500. Agora a saída com a
    data do dia é recusada, já na página de confirmação, dizendo o caminho; no dia seguinte,
    passa, e a portaria das novas vagas fica como foi publicada."""
    _confirmar_todas(certame_homologado, rita)
    cargo = certame_homologado.cargos.get()
    dia = date(2025, 10, 1)
    vagas_novas_ofertar(
        usuario=rita, cargo=cargo, data=dia, quantidade=1, justificativa="Lei cria 1 cargo"
    )
    [nova] = propostas_do_motor(certame=certame_homologado)
    assert (nova.vaga, nova.inscricao, nova.ordem) == (6, "1005", 6)
    nomeacao_confirmar(
        usuario=rita, cargo=cargo, inscricao="1005", portaria="200/2025", data_portaria=dia
    )
    primeira = Nomeacao.objects.get(candidato__inscricao="1001")
    recusa = "as novas vagas de PROF oferecidas nesse dia já têm nomeação publicada"
    with pytest.raises(ValidationError, match=recusa):
        nomeacao_registrar_desistencia(
            usuario=rita, nomeacao=primeira, data=dia, motivo="desistencia"
        )
    entrar(client, rita)
    url = reverse("nomeacoes:desistencia", args=[certame_homologado.pk, primeira.pk])
    pagina = client.post(url, {"data": "2025-10-01", "motivo": "desistencia"}, follow=True)
    assert recusa in pagina.content.decode()
    primeira.refresh_from_db()
    assert primeira.situacao == "nomeado"
    nomeacao_registrar_desistencia(
        usuario=rita, nomeacao=primeira, data=date(2025, 10, 2), motivo="desistencia"
    )
    [proposta] = propostas_do_motor(certame=certame_homologado)
    assert (proposta.vaga, proposta.substitui, proposta.ordem) == (1, "1001", 7)
    ato = nomeacao_confirmar(
        usuario=rita,
        cargo=cargo,
        inscricao=proposta.inscricao,
        portaria="201/2025",
        data_portaria=date(2025, 10, 2),
    )
    assert (ato.vaga, ato.ordem) == (1, 7)
    da_portaria = Nomeacao.objects.get(portaria="200/2025")
    assert (da_portaria.vaga, da_portaria.ordem, da_portaria.candidato.inscricao) == (6, 6, "1005")
    from cotas_web.ponte import reencenacao

    do_livro = {
        n.inscricao: n.ordem for n in reencenacao.reencenar(certame_homologado).nomeacoes("PROF")
    }
    assert do_livro["1005"] == 6 and do_livro[proposta.inscricao] == 7
    # A anulação por declaração falsa de quem ocupa vaga segue a mesma regra.
    from cotas_web.candidatos.models import Candidato
    from cotas_web.candidatos.services import fraude_abrir, fraude_decidir, fraude_registrar_defesa

    outro_dia = date(2025, 10, 3)
    vagas_novas_ofertar(
        usuario=rita, cargo=cargo, data=outro_dia, quantidade=1, justificativa="Outra lei"
    )
    [mais_uma] = propostas_do_motor(certame=certame_homologado)
    nomeacao_confirmar(
        usuario=rita,
        cargo=cargo,
        inscricao=mais_uma.inscricao,
        portaria="202/2025",
        data_portaria=outro_dia,
    )
    nadia = Candidato.objects.get(inscricao="1006")
    proc = fraude_abrir(usuario=rita, candidato=nadia, data=date(2025, 10, 1), motivo="m")
    fraude_registrar_defesa(usuario=rita, procedimento=proc, data=date(2025, 10, 2), defesa="d")
    with pytest.raises(ValidationError, match=recusa):
        fraude_decidir(
            usuario=rita,
            procedimento=proc,
            data=outro_dia,
            decisao="falsidade",
            fundamentacao="x",
            autoridade="Prefeito",
        )
    nadia.refresh_from_db()
    assert nadia.anulado_em is None


def test_confirmar_de_novo_quem_ja_foi_nomeado_diz_a_portaria(
    certame_homologado: Any, rita: Any
) -> None:
    """De outra aba, confirmar quem já foi nomeado dizia só "a próxima nomeação é a de ...";
    agora diz por qual portaria ele já foi nomeado. Quem foi ao final da lista é outro caso."""
    cargo = certame_homologado.cargos.get()
    nomeacao_confirmar(
        usuario=rita,
        cargo=cargo,
        inscricao="1001",
        portaria="101/2025",
        data_portaria=date(2025, 8, 3),
    )
    with pytest.raises(
        ValidationError,
        match=r"1001 já foi nomeada em PROF pela Portaria nº 101/2025, de 03/08/2025 \(nomeado\)",
    ):
        nomeacao_confirmar(
            usuario=rita,
            cargo=cargo,
            inscricao="1001",
            portaria="102/2025",
            data_portaria=date(2025, 8, 3),
        )
    assert Nomeacao.objects.count() == 1


def test_painel_de_certame_arquivado_sem_formularios(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    """Arquivado, o certame é só para leitura: o painel mostrava ~65 formulários de atos, e
    cada um era recusado só depois do envio."""
    from cotas_web.certames.services import certame_arquivar

    _confirmar_todas(certame_homologado, rita)
    url = reverse("nomeacoes:painel", args=[certame_homologado.pk])
    entrar(client, rita)
    assert 'id="f-posse-' in client.get(url).content.decode()
    certame_arquivar(
        usuario=rita, certame=certame_homologado, data=date(2025, 12, 1), motivo="Encerrado"
    )
    html = client.get(url).content.decode()
    assert "Certame arquivado em 01/12/2025: só para leitura." in html
    assert "<form" not in html.split("<main", 1)[1]
    assert "1001" in html  # (as nomeações continuam à vista)


def test_confirmacao_da_saida_de_vaga_ampla_tem_fundamento(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    """A página de confirmação da desistência e do prazo de posse de quem ocupava vaga de ampla
    concorrência saía sem "Fundamento": só a vaga reservada tinha a regra da desistência."""
    from cotas_web.ponte import leis

    _confirmar_todas(certame_homologado, rita)
    primeira = Nomeacao.objects.get(candidato__inscricao="1001")
    assert primeira.modalidade == "ampla"
    negros = leis.regras_do_certame(certame_homologado).grupo("negros")
    assert negros is not None
    [concorrencia] = negros.ref("concorrencia")
    entrar(client, rita)
    url = reverse("nomeacoes:desistencia", args=[certame_homologado.pk, primeira.pk])
    for motivo in ("desistencia", "sem_posse"):
        html = client.post(url, {"data": "2025-08-20", "motivo": motivo}).content.decode()
        assert "Fundamento" in html and concorrencia.citacao() in html, motivo
        fato = "desistiu" if motivo == "desistencia" else "teve o prazo de posse esgotado"
        assert f"{fato} em 20/08/2025." in html, motivo
    primeira.refresh_from_db()
    assert primeira.situacao == "nomeado"  # (só perguntou)
