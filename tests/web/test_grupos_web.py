"""A aplicação web com uma lei de três grupos (tests/web/leis/lei-3-grupos.toml, lei de TESTE):
um grupo verificado pela comissão e dois por documentos, com os percentuais em aberto que o
operador informa ao criar o certame. Nada na aplicação nomeia um grupo: as colunas, os rótulos e
a verificação vêm da lei."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from cotas_web.auditoria import pelo_registro
from cotas_web.auditoria.models import Registro
from cotas_web.candidatos.models import Candidato
from cotas_web.certames.models import Certame
from cotas_web.ponte import catalogo, leis, reencenacao

from .conftest import cpf_valido, designar_auditora, entrar, publicar

pytestmark = pytest.mark.django_db

LEI = Path(__file__).parent / "leis" / "lei-3-grupos.toml"
EDITAL = date(2026, 3, 1)
GRUPOS = ("pretos_pardos", "indigenas", "quilombolas")
# 20% + 10% + 10% de 10 vagas: 2, 1 e 1 reservadas.
INFORMADOS = {
    f"{g}.percentual": {"valor": v, "justificativa": "Decreto de teste, art. 1º"}
    for g, v in zip(GRUPOS, (20, 10, 10), strict=True)
}
CABECALHO = (
    "inscricao,nome,cpf,data_nascimento,cargo,nota,situacao,cor_raca,pcd,"
    "reserva_pretos_pardos,heteroidentificacao,reserva_indigenas,verificacao_indigenas,"
    "reserva_quilombolas,verificacao_quilombolas"
)


@pytest.fixture(autouse=True)
def lei_de_tres_grupos(settings: Any) -> Any:
    """O catálogo da aplicação com a lei de teste (gancho `COTAS_LEIS_EXTRAS`)."""
    settings.COTAS_LEIS_EXTRAS = [str(LEI)]
    catalogo.catalogo.cache_clear()
    yield
    catalogo.catalogo.cache_clear()


def _linha(insc: str, nota: int, cor: str, grupos: dict[str, str]) -> str:
    """`grupos`: grupo → resultado da verificação ("" sem resultado) de quem optou."""
    colunas = []
    for g in GRUPOS:
        colunas += ["sim" if g in grupos else "nao", grupos.get(g, "")]
    cpf = cpf_valido(f"{int(insc) * 7919 % 10**9:09d}")
    return f"{insc},Pessoa {insc},{cpf},1990-01-01,ADM,{nota},aprovado,{cor},nao," + ",".join(
        colunas
    )


def csv_tres_grupos() -> str:
    linhas = [_linha(str(2000 + i), 99 - i, "branca", {}) for i in range(1, 11)]
    linhas += [
        _linha(str(3000 + i), 61 - i, "parda", {"pretos_pardos": "confirmado"}) for i in (1, 2, 3)
    ]
    # Um indígena, sem resultado no arquivo: aguarda a verificação documental. Nenhum quilombola.
    linhas.append(_linha("4001", 50, "indigena", {"indigenas": ""}))
    return "\n".join([CABECALHO, *linhas]) + "\n"


@pytest.fixture
def certame3(rita: Any, ana: Any) -> Certame:
    from cotas_web.certames.services import cargo_adicionar, certame_criar

    c = certame_criar(
        usuario=rita,
        nome="Concurso 3 grupos",
        municipio="Teste/BR",
        data_edital=EDITAL,
        tipo="concurso_publico",
        validade_ate=date(2028, 3, 1),
        informados=INFORMADOS,
    )
    cargo_adicionar(usuario=rita, certame=c, codigo="ADM", nome="Administrador", vagas_edital=10)
    designar_auditora(c, ana)
    return publicar(c, rita)


@pytest.fixture
def importado(certame3: Certame, rita: Any, tmp_path: Path) -> Certame:
    from cotas_web.candidatos.services import importacao_confirmar

    arquivo = tmp_path / "tres.csv"
    arquivo.write_text(csv_tres_grupos(), encoding="utf-8")
    importacao_confirmar(usuario=rita, certame=certame3, caminho=arquivo, nome_arquivo="tres.csv")
    return certame3


def _indigena() -> Candidato:
    return Candidato.objects.get(inscricao="4001")


def _verificar_indigena(rita: Any, resultado: str = "confirmado") -> Candidato:
    from cotas_web.candidatos.services import verificacao_documental_registrar

    return verificacao_documental_registrar(
        usuario=rita,
        candidato=_indigena(),
        grupo="indigenas",
        resultado=resultado,
        data=date(2026, 4, 1),
        fundamentacao="Declaração da comunidade e documento da FUNAI.",
    )


# ---------------------------------------------------------------- certame e lacunas da lei


def test_lei_de_tres_grupos_nao_e_recusada_pela_aplicacao(certame3: Certame) -> None:
    regras = leis.regras_do_certame(certame3)
    assert [g.nome for g in regras.grupos_da_lei] == list(GRUPOS)
    assert [g.percentual for g in regras.grupos_da_lei] == [20, 10, 10]
    assert certame3.informados == INFORMADOS


def test_criar_pela_tela_pede_os_valores_em_aberto_com_justificativa(
    client: Any, rita: Any
) -> None:
    entrar(client, rita)
    dados = {
        "nome": "Concurso 3",
        "municipio": "Teste/BR",
        "data_edital": "2026-03-01",
        "tipo": "concurso_publico",
        "pedido": "grupos-pela-tela",
    }
    r = client.post(reverse("certames:novo"), dados)
    assert r.status_code == 200 and not Certame.objects.filter(nome="Concurso 3").exists()
    html = r.content.decode()
    # O motor diz quais valores faltam; a tela os pede.
    assert "não define os parâmetros indigenas.percentual" in html
    for g in GRUPOS:
        assert f'name="lacuna__{g}.percentual"' in html
        assert f'name="justificativa__{g}.percentual"' in html
    # Um valor sem justificativa é recusado: nunca vale em silêncio.
    r = client.post(reverse("certames:novo"), {**dados, "lacuna__indigenas.percentual": "10"})
    assert "Informe de onde vem o valor de indigenas.percentual" in r.content.decode()
    assert not Certame.objects.filter(nome="Concurso 3").exists()
    for g, v in zip(GRUPOS, ("20", "10", "10"), strict=True):
        dados[f"lacuna__{g}.percentual"] = v
        dados[f"justificativa__{g}.percentual"] = f"Decreto de teste: {v}%"
    r = client.post(reverse("certames:novo"), dados)
    assert r.status_code == 302
    c = Certame.objects.get(nome="Concurso 3")
    # (o percentual como o arquivo da lei o escreve: texto decimal)
    assert c.informados["indigenas.percentual"] == {
        "valor": "10",
        "justificativa": "Decreto de teste: 10%",
    }
    html = client.get(reverse("certames:detalhe", args=[c.pk])).content.decode()
    assert 'id="valores-informados"' in html and "Decreto de teste: 20%" in html
    for rotulo in ("pessoas pretas e pardas", "pessoas indígenas", "pessoas quilombolas"):
        assert f"Reserva para {rotulo}" in html
        assert f"Reservadas a {rotulo}" in html


def test_municipio_na_lista_do_formulario_por_esfera(client: Any, rita: Any) -> None:
    entrar(client, rita)
    html = client.get(reverse("certames:novo")).content.decode()
    assert '<optgroup label="Municípios">' in html and "Teste/BR" in html
    federal = html[html.index('<optgroup label="Esfera federal">') :]
    assert 'value="União"' in federal[: federal.index("</optgroup>")]
    # A lei estadual do pacote: o ente dela no grupo da sua esfera, nem entre os municípios nem
    # entre os entes federais.
    grupos = re.findall(r'<optgroup label="([^"]+)">(.*?)</optgroup>', html, flags=re.S)
    [rotulo] = [
        r
        for r, opcoes in grupos
        if 'value="Ministério Público do Estado do Rio Grande do Sul"' in opcoes
    ]
    assert rotulo not in ("Municípios", "Esfera federal")


# ---------------------------------------------------------------- importação


def test_importa_as_colunas_de_cada_grupo(importado: Certame) -> None:
    assert Candidato.objects.get(inscricao="3001").reservas == ["pretos_pardos"]
    assert Candidato.objects.get(inscricao="3001").verificacoes == {"pretos_pardos": "confirmado"}
    assert _indigena().reservas == ["indigenas"] and _indigena().verificacoes == {}
    assert Candidato.objects.get(inscricao="2001").reservas == []


def test_previa_conta_e_mostra_cada_grupo_com_o_rotulo_da_lei(
    client: Any, certame3: Certame, rita: Any
) -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile

    entrar(client, rita)
    arquivo = SimpleUploadedFile("tres.csv", csv_tres_grupos().encode(), "text/csv")
    r = client.post(reverse("candidatos:importar", args=[certame3.pk]), {"arquivo": arquivo})
    html = r.content.decode()
    assert "Prévia: 14 candidato(s)" in html, html
    contagem = r.context["contagem"]
    assert contagem == [
        {
            "cargo": "ADM",
            "total": 14,
            "aprovados": 14,
            "pretos_pardos": 3,
            "indigenas": 1,
            "quilombolas": 0,
            "pcd": 0,
        }
    ]
    assert "Concorrem à reserva para pessoas indígenas" in html
    assert "Verificação documental (pessoas quilombolas)" in html
    assert "Parecer da comissão (pessoas pretas e pardas)" in html


# ---------------------------------------------------------------- verificação documental


def test_indigena_sem_verificacao_documental_trava_a_homologacao(
    importado: Certame, rita: Any
) -> None:
    from cotas_web.certames.services import certame_homologar

    falta = r"sem verificação documental \(pessoas indígenas\) \(4001\)"
    with pytest.raises(ValidationError, match=falta):
        certame_homologar(usuario=rita, certame=importado, data=date(2026, 4, 2))
    _verificar_indigena(rita)
    certame_homologar(usuario=rita, certame=importado, data=date(2026, 4, 2))


def test_verificacao_documental_registrada_com_fundamento_e_conferida_pela_auditoria(
    importado: Certame, rita: Any
) -> None:
    _verificar_indigena(rita)
    assert _indigena().verificacoes == {"indigenas": "confirmado"}
    registro = Registro.objects.filter(acao="verificacao_documental").get()
    assert "art. indigenas.verificacao" in registro.fundamento
    assert registro.dados["fatos"]["grupo"] == "indigenas"
    assert pelo_registro.conferir(importado.pk).confere
    # Mudada direto no banco, sem ato: a auditoria a nomeia.
    Candidato.objects.filter(inscricao="4001").update(verificacoes={"indigenas": "nao_confirmado"})
    diferenca = pelo_registro.conferir(importado.pk).diferenca or ""
    assert "inscrição 4001: verificação documental (indigenas) nao_confirmado" in diferenca


def test_verificacao_documental_recusa_grupo_da_comissao_e_quem_nao_optou(
    importado: Certame, rita: Any
) -> None:
    from cotas_web.candidatos.services import verificacao_documental_registrar

    com = {
        "usuario": rita,
        "resultado": "confirmado",
        "data": date(2026, 4, 1),
        "fundamentacao": "x",
    }
    pardo = Candidato.objects.get(inscricao="3001")
    with pytest.raises(ValidationError, match="não verifica por documentos"):
        verificacao_documental_registrar(candidato=pardo, grupo="pretos_pardos", **com)
    with pytest.raises(ValidationError, match="não optou pela reserva para pessoas quilombolas"):
        verificacao_documental_registrar(candidato=_indigena(), grupo="quilombolas", **com)
    _verificar_indigena(rita)
    with pytest.raises(ValidationError, match="já foi registrada"):
        _verificar_indigena(rita, "nao_confirmado")
    assert Registro.objects.filter(acao="verificacao_documental").count() == 1


def test_verificacao_documental_pela_tela(client: Any, importado: Certame, rita: Any) -> None:
    entrar(client, rita)
    url = reverse("candidatos:detalhe", args=[importado.pk, _indigena().pk])
    html = client.get(url).content.decode()
    assert 'id="form-verificacao-indigenas"' in html
    assert 'id="form-verificacao-quilombolas"' not in html  # não optou
    client.post(
        reverse("candidatos:verificacao_documental", args=[importado.pk, _indigena().pk]),
        {
            "grupo": "indigenas",
            "data": "01/04/2026",
            "resultado": "confirmado",
            "fundamentacao": "Documento da comunidade.",
        },
    )
    assert _indigena().verificacao("indigenas") == "confirmado"
    html = client.get(url).content.decode()
    assert 'id="verificacao-indigenas">Os documentos comprovam a condição</dd>' in html


def test_comissao_convoca_so_o_grupo_que_ela_verifica(
    client: Any, importado: Certame, rita: Any
) -> None:
    from cotas_web.comissao.services import a_convocar

    Candidato.objects.filter(inscricao="3001").update(verificacoes={})
    assert [c.inscricao for c in a_convocar(certame=importado)] == ["3001"]
    entrar(client, rita)
    html = client.get(reverse("comissao:painel", args=[importado.pk])).content.decode()
    assert '<strong id="grupo-da-comissao">pessoas pretas e pardas</strong>' in html


# ---------------------------------------------------------------- nomeações e páginas


def _homologado(importado: Certame, rita: Any) -> Certame:
    from cotas_web.certames.services import certame_homologar
    from cotas_web.nomeacoes.services import vagas_edital_ofertar

    _verificar_indigena(rita)
    c = certame_homologar(usuario=rita, certame=importado, data=date(2026, 4, 2))
    vagas_edital_ofertar(usuario=rita, certame=c, data=date(2026, 4, 3))
    return c


def test_vaga_quilombola_sem_candidato_migra_e_a_razao_e_mostrada(
    client: Any, importado: Certame, rita: Any
) -> None:
    from cotas_web.nomeacoes.selectors import propostas_do_motor
    from cotas_web.nomeacoes.services import nomeacao_confirmar

    c = _homologado(importado, rita)
    cargo = c.cargos.get()
    for i in range(10):
        proposta = propostas_do_motor(certame=c)[0]
        nomeacao_confirmar(
            usuario=rita,
            cargo=cargo,
            inscricao=proposta.inscricao,
            portaria=f"{i + 1}/2026",
            data_portaria=date(2026, 4, 10),
        )
    motor = reencenacao.reencenar(c)
    nomeacoes = motor.nomeacoes("ADM")
    por_lista: dict[str, list[str]] = {}
    for n in nomeacoes:
        por_lista.setdefault(n.modalidade, []).append(n.inscricao)
    assert por_lista["indigenas"] == ["4001"]
    migrada = [n for n in nomeacoes if n.reservada_para == "quilombolas"]
    assert len(migrada) == 1 and migrada[0].modalidade == "pretos_pardos"
    assert len(por_lista["pretos_pardos"]) == 3  # as 2 dela e a que veio dos quilombolas
    assert pelo_registro.conferir(c.pk).confere
    entrar(client, rita)
    html = client.get(reverse("nomeacoes:painel", args=[c.pk])).content.decode()
    assert "reservada a pessoas quilombolas" in html
    assert migrada[0].razao.texto in html.replace("&quot;", '"').replace("&#x27;", "'")


def test_pagina_publica_e_anexo_trazem_cada_grupo(
    client: Any, importado: Certame, rita: Any
) -> None:
    c = _homologado(importado, rita)
    html = client.get(reverse("certames:publico", args=[c.pk])).content.decode()
    for rotulo in ("pessoas pretas e pardas", "pessoas indígenas", "pessoas quilombolas"):
        assert f"Reservadas a {rotulo}" in html
    anexo = client.get(reverse("publico:documento", args=[c.pk, "anexo-edital"]))
    texto = anexo.content.decode()
    assert anexo.status_code == 200, texto[:500]
    assert "10 (dez) vagas oferecidas" in texto
    assert "2 (duas) reservadas a pessoas pretas e pardas" in texto, texto
    assert "1 (uma) reservada a pessoas indígenas" in texto
    assert "1 (uma) reservada a pessoas quilombolas" in texto
    listas = client.get(reverse("publico:documento", args=[c.pk, "listas"])).content.decode()
    grupos = "pessoas pretas e pardas, pessoas indígenas, pessoas quilombolas"
    assert f"uma lista por grupo com reserva ({grupos})" in " ".join(listas.split())
    assert "Pessoas pretas e pardas</td>" in listas and "Pessoas indígenas</td>" in listas
