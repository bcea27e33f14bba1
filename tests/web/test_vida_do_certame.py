"""A vida do certame: rascunho até publicado, correção antes da homologação, retificação depois,
arquivamento; os atos que não se desfazem perguntam antes."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from cotas_web.auditoria.models import Registro
from cotas_web.certames.models import Certame
from cotas_web.certames.services import (
    cargo_adicionar,
    certame_arquivar,
    certame_corrigir,
    certame_criar,
    certame_publicar,
    retificacao_registrar,
)

from .conftest import entrar

pytestmark = pytest.mark.django_db


def _rascunho(rita: Any) -> Certame:
    c = certame_criar(
        usuario=rita,
        nome="Rascunho 02/2025",
        municipio="Montenegro/RS",
        data_edital=date(2025, 6, 10),
        tipo="concurso_publico",
        validade_ate=date(2027, 6, 10),
    )
    cargo_adicionar(usuario=rita, certame=c, codigo="ENF", nome="Enfermeiro", vagas_edital=3)
    return c


def _vagas(certame: Certame) -> dict[int, tuple[str, int]]:
    return {c.pk: (c.nome, c.vagas_edital) for c in certame.cargos.all()}


def test_rascunho_nao_aparece_ao_publico_ate_publicado(rita: Any, client: Any) -> None:
    c = _rascunho(rita)
    assert "Rascunho 02/2025" not in client.get(reverse("certames:inicio")).content.decode()
    assert client.get(reverse("certames:publico", args=[c.pk])).status_code == 404
    assert client.get(reverse("publico:consulta", args=[c.pk])).status_code == 404
    # quem o alcança vê a prévia da página pública
    assert entrar(client, rita).get(reverse("certames:publico", args=[c.pk])).status_code == 200
    client.logout()
    certame_publicar(usuario=rita, certame=c, data=date(2025, 6, 10))
    assert "Rascunho 02/2025" in client.get(reverse("certames:inicio")).content.decode()
    assert client.get(reverse("publico:consulta", args=[c.pk])).status_code == 200
    assert Registro.objects.filter(certame=c, acao="certame_publicado").exists()
    with pytest.raises(ValidationError, match="já foi publicado"):
        certame_publicar(usuario=rita, certame=c, data=date(2025, 6, 11))


def test_publicar_pergunta_antes(rita: Any, client: Any) -> None:
    c = _rascunho(rita)
    entrar(client, rita)
    url = reverse("certames:publicar", args=[c.pk])
    pagina = client.post(url, {"data": "2025-06-12"})
    html = pagina.content.decode()
    assert pagina.status_code == 200 and "Confirmar: publicar o certame" in html
    assert "Publicar “Rascunho 02/2025” em 12/06/2025" in html
    assert 'name="confirmar" value="1"' in html
    c.refresh_from_db()
    assert not c.publicado  # nada feito ainda
    client.post(url, {"data": "2025-06-12", "confirmar": "1"})
    c.refresh_from_db()
    assert c.publicado_em == date(2025, 6, 12)


def test_corrigir_vagas_antes_da_homologacao_fica_no_registro(certame: Any, rita: Any) -> None:
    cargo = certame.cargos.get(codigo="PROF")
    certame_corrigir(
        usuario=rita,
        certame=certame,
        dados={},
        cargos={cargo.pk: ("Professor", 7)},
        motivo="vagas digitadas errado",
    )
    cargo.refresh_from_db()
    assert cargo.vagas_edital == 7
    registro = Registro.objects.get(certame=certame, acao="certame_corrigido")
    assert "Cargo PROF: vagas do edital: 5 → 7" in registro.descricao
    assert "vagas digitadas errado" in registro.descricao
    assert registro.dados["alteracoes"] == [
        {"o_que": "Cargo PROF: vagas do edital", "antes": "5", "depois": "7"}
    ]


def test_corrigir_pela_pagina(certame: Any, rita: Any, client: Any) -> None:
    cargo = certame.cargos.get(codigo="PROF")
    entrar(client, rita).post(
        reverse("certames:corrigir", args=[certame.pk]),
        {
            "nome": certame.nome,
            "data_edital": "2025-06-10",
            "validade_ate": "2027-06-10",
            f"cargo_{cargo.pk}_nome": "Professor",
            f"cargo_{cargo.pk}_vagas": "6",
            "motivo": "erro de digitação",
        },
    )
    cargo.refresh_from_db()
    assert cargo.vagas_edital == 6


def test_a_data_do_edital_corrigida_decide_a_lei(rita: Any) -> None:
    c = certame_criar(
        usuario=rita,
        nome="Mostardas 2019",
        municipio="Mostardas/RS",
        orgao="administracao_direta",
        data_edital=date(2025, 6, 10),
        tipo="concurso_publico",
    )
    lei_antes = c.lei_id
    # a mesma lei: a data muda, a lei fica
    certame_corrigir(
        usuario=rita,
        certame=c,
        dados={"data_edital": date(2025, 7, 1)},
        cargos={},
        motivo="data errada",
    )
    c.refresh_from_db()
    assert c.data_edital == date(2025, 7, 1) and c.lei_id == lei_antes


def test_data_do_edital_que_troca_a_lei_com_candidatos_e_recusada(
    certame_com_candidatos: Any, rita: Any
) -> None:
    # (Antes da lei de 2025 valeria a de 2004, que não define os parâmetros: recusado, em
    # português, e nada muda.)
    with pytest.raises(ValidationError, match="lei"):
        certame_corrigir(
            usuario=rita,
            certame=certame_com_candidatos,
            dados={"data_edital": date(2024, 1, 10)},
            cargos={},
            motivo="data errada",
        )
    certame_com_candidatos.refresh_from_db()
    assert certame_com_candidatos.data_edital == date(2025, 6, 10)


def test_data_do_edital_que_troca_a_lei_sem_candidatos(rita: Any) -> None:
    c = _rascunho(rita)
    assert c.exige_comissao
    try:
        certame_corrigir(
            usuario=rita,
            certame=c,
            dados={"data_edital": date(2024, 1, 10)},
            cargos={},
            motivo="data errada",
        )
    except ValidationError as erro:  # nenhuma lei em vigor nessa data: dito em português
        assert "lei" in str(erro)
        return
    c.refresh_from_db()
    registro = Registro.objects.get(certame=c, acao="certame_corrigido")
    assert "Lei aplicada:" in registro.descricao


def test_depois_da_homologacao_so_por_retificacao(
    certame_homologado: Any, rita: Any, client: Any
) -> None:
    cargo = certame_homologado.cargos.get(codigo="PROF")
    with pytest.raises(ValidationError, match="retificação"):
        certame_corrigir(
            usuario=rita, certame=certame_homologado, dados={"nome": "X"}, cargos={}, motivo="m"
        )
    # as vagas do edital já foram oferecidas: vagas a mais são novas vagas
    with pytest.raises(ValidationError, match="novas vagas"):
        retificacao_registrar(
            usuario=rita,
            certame=certame_homologado,
            data=date(2025, 9, 1),
            fundamento="Edital de retificação nº 2",
            dados={},
            cargos={cargo.pk: ("Prof", 9)},
        )
    r = retificacao_registrar(
        usuario=rita,
        certame=certame_homologado,
        data=date(2025, 9, 1),
        fundamento="Edital de retificação nº 2/2025: prorroga a validade",
        dados={"validade_ate": date(2029, 6, 10)},
        cargos={},
    )
    certame_homologado.refresh_from_db()
    assert certame_homologado.validade_ate == date(2029, 6, 10)
    assert r.alteracoes == [
        {"o_que": "Validade até", "antes": "10/06/2027", "depois": "10/06/2029"}
    ]
    assert Registro.objects.filter(
        certame=certame_homologado, acao="certame_retificado", fundamento__contains="prorroga"
    ).exists()
    html = client.get(reverse("certames:publico", args=[certame_homologado.pk])).content.decode()
    assert "Retificação de 01/09/2025" in html
    assert "Edital de retificação nº 2/2025: prorroga a validade" in html
    assert "Validade até: 10/06/2027 → 10/06/2029" in html


def test_retificacao_pela_pagina_pergunta_antes(
    certame_homologado: Any, rita: Any, client: Any
) -> None:
    cargo = certame_homologado.cargos.get(codigo="PROF")
    dados = {
        "nome": "Concurso 01/2025 — Professores",
        "validade_ate": "2027-06-10",
        f"cargo_{cargo.pk}_nome": "Professor",
        f"cargo_{cargo.pk}_vagas": "5",
        "data": "2025-09-01",
        "fundamento": "Edital de retificação nº 3/2025",
    }
    url = reverse("certames:retificar", args=[certame_homologado.pk])
    html = entrar(client, rita).post(url, dados).content.decode()
    assert "Confirmar: registrar a retificação" in html
    assert "Nome do certame: Concurso 01/2025 → Concurso 01/2025 — Professores" in html
    certame_homologado.refresh_from_db()
    assert certame_homologado.nome == "Concurso 01/2025"
    client.post(url, {**dados, "confirmar": "1"})
    certame_homologado.refresh_from_db()
    assert certame_homologado.nome == "Concurso 01/2025 — Professores"
    assert certame_homologado.retificacoes.count() == 1


def test_validade_retificada_antes_do_ultimo_ato_recusada(
    certame_homologado: Any, rita: Any, client: Any
) -> None:
    """A retificação punha o fim da validade antes de atos já registrados (a validade até
    05/09/2025 depois da portaria de 06/09/2025; antes da homologação): recusada no ato e no
    formulário, antes da página de confirmação, com o ato e a data dele."""
    from cotas_web.nomeacoes.selectors import propostas_do_motor
    from cotas_web.nomeacoes.services import nomeacao_confirmar

    proxima = propostas_do_motor(certame=certame_homologado)[0]
    nomeacao_confirmar(
        usuario=rita,
        cargo=proxima.cargo,
        inscricao=proxima.inscricao,
        portaria="501/2025",
        data_portaria=date(2025, 9, 6),
    )
    esperado = (
        "Validade até 05/09/2025 recusada: a portaria de nomeação de 06/09/2025 é posterior; a "
        "validade não termina antes de um ato já registrado."
    )
    with pytest.raises(ValidationError) as erro:
        retificacao_registrar(
            usuario=rita,
            certame=certame_homologado,
            data=date(2025, 9, 8),
            fundamento="Edital de retificação nº 4/2025",
            dados={"validade_ate": date(2025, 9, 5)},
            cargos={},
        )
    assert erro.value.messages == [esperado]
    cargo = certame_homologado.cargos.get(codigo="PROF")
    dados = {
        "nome": certame_homologado.nome,
        "validade_ate": "2025-09-05",
        f"cargo_{cargo.pk}_nome": cargo.nome,
        f"cargo_{cargo.pk}_vagas": str(cargo.vagas_edital),
        "data": "2025-09-08",
        "fundamento": "Edital de retificação nº 4/2025",
    }
    url = reverse("certames:retificar", args=[certame_homologado.pk])
    html = entrar(client, rita).post(url, dados).content.decode()
    assert "Confirmar:" not in html and esperado in html
    certame_homologado.refresh_from_db()
    assert certame_homologado.validade_ate == date(2027, 6, 10)
    assert not certame_homologado.retificacoes.exists()
    retificacao_registrar(  # (no dia do último ato, a borda)
        usuario=rita,
        certame=certame_homologado,
        data=date(2025, 9, 8),
        fundamento="Edital de retificação nº 4/2025",
        dados={"validade_ate": date(2025, 9, 6)},
        cargos={},
    )


def test_homologar_pergunta_antes(sessao: Any, carlos: Any, rita: Any, client: Any) -> None:
    from .conftest import verificar_todos

    verificar_todos(sessao, carlos)
    c = sessao.certame
    url = reverse("certames:homologar", args=[c.pk])
    html = entrar(client, rita).post(url, {"data": "2025-08-01"}).content.decode()
    assert "Confirmar: homologar a classificação final" in html
    assert "Homologar a classificação final em 01/08/2025, com 8 candidato(s)" in html
    assert "Fundamento" in html and "art." in html
    c.refresh_from_db()
    assert not c.homologado
    client.post(url, {"data": "2025-08-01", "confirmar": "1"})
    c.refresh_from_db()
    assert c.homologado_em == date(2025, 8, 1)


def test_arquivado_sai_do_inicio_fica_no_endereco_e_so_para_leitura(
    certame: Any, rita: Any, client: Any
) -> None:
    certame_arquivar(
        usuario=rita, certame=certame, data=date(2025, 7, 1), motivo="certame de teste"
    )
    assert "Concurso 01/2025" not in client.get(reverse("certames:inicio")).content.decode()
    html = client.get(reverse("certames:publico", args=[certame.pk])).content.decode()
    assert "Certame arquivado em 01/07/2025" in html
    with pytest.raises(ValidationError, match="arquivado"):
        cargo_adicionar(usuario=rita, certame=certame, codigo="X", nome="X", vagas_edital=1)
    assert Registro.objects.filter(certame=certame, acao="certame_arquivado").exists()


def test_arquivar_pergunta_antes(certame: Any, rita: Any, client: Any) -> None:
    url = reverse("certames:arquivar", args=[certame.pk])
    html = (
        entrar(client, rita).post(url, {"data": "2025-07-01", "motivo": "teste"}).content.decode()
    )
    assert "Confirmar: arquivar o certame" in html
    certame.refresh_from_db()
    assert not certame.arquivado
    client.post(url, {"data": "2025-07-01", "motivo": "teste", "confirmar": "1"})
    certame.refresh_from_db()
    assert certame.arquivado


def test_nomear_pergunta_antes_com_vaga_lista_e_fundamento(
    certame_homologado: Any, rita: Any, client: Any
) -> None:
    from cotas_web.nomeacoes.models import Nomeacao

    cargo = certame_homologado.cargos.get()
    url = reverse("nomeacoes:confirmar", args=[certame_homologado.pk, cargo.pk])
    dados = {"inscricao": "1001", "portaria": "101/2025", "data_portaria": "2025-08-03"}
    html = entrar(client, rita).post(url, dados).content.decode()
    assert "Confirmar: nomear" in html
    assert "Nomear 1001 — Alice Branco para PROF — Professor, 1ª nomeação, na vaga 1" in html
    assert "Portaria nº 101/2025, de 03/08/2025." in html
    assert not Nomeacao.objects.exists()
    client.post(url, {**dados, "confirmar": "1"})
    ato = Nomeacao.objects.get()
    # a desistência também pergunta, com a lista a que a vaga volta
    url = reverse("nomeacoes:desistencia", args=[certame_homologado.pk, ato.pk])
    html = client.post(url, {"data": "2025-08-05", "motivo": "desistencia"}).content.decode()
    assert "Confirmar: registrar a desistência" in html
    assert "na vaga 1 de PROF, desistiu em 05/08/2025" in html
    ato.refresh_from_db()
    assert ato.situacao == "nomeado"


def test_novas_vagas_perguntam_antes(certame_homologado: Any, rita: Any, client: Any) -> None:
    from cotas_web.nomeacoes.models import OfertaVagas

    cargo = certame_homologado.cargos.get()
    html = (
        entrar(client, rita)
        .post(
            reverse("nomeacoes:novas_vagas", args=[certame_homologado.pk]),
            {
                "cargo": cargo.pk,
                "data": "2025-09-01",
                "quantidade": "2",
                "justificativa": "Lei nova",
                "pedido": "p1",
            },
        )
        .content.decode()
    )
    assert "Confirmar: ofertar novas vagas" in html
    assert "Ofertar 2 nova(s) vaga(s) para PROF — Professor em 01/09/2025: Lei nova" in html
    assert "art." in html  # o fundamento da reserva
    assert not OfertaVagas.objects.filter(do_edital=False).exists()


def test_validade_retificada_antes_de_uma_correcao_recusada(
    certame_homologado: Any, rita: Any
) -> None:
    """A validade retificada conferia só os atos que ordenam as nomeações: terminava antes de
    uma correção de dados de um candidato já registrada."""
    from cotas_web.candidatos.correcoes import candidato_corrigir
    from cotas_web.candidatos.models import Candidato

    candidato_corrigir(
        usuario=rita,
        candidato=Candidato.objects.get(inscricao="1008"),
        campo="nota",
        valor="71.37",
        motivo="Recurso da prova",
        fundamento="Edital, item 9",
        data=date(2025, 9, 10),
    )
    with pytest.raises(ValidationError, match="a correção de dados de um candidato de 10/09/2025"):
        retificacao_registrar(
            usuario=rita,
            certame=certame_homologado,
            data=date(2025, 9, 12),
            fundamento="Edital de retificação nº 5/2025",
            dados={"validade_ate": date(2025, 9, 9)},
            cargos={},
        )
    retificacao_registrar(
        usuario=rita,
        certame=certame_homologado,
        data=date(2025, 9, 12),
        fundamento="Edital de retificação nº 5/2025",
        dados={"validade_ate": date(2025, 9, 10)},
        cargos={},
    )
